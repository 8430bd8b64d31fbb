import RefreshLayers
@testable import RefreshValidation
import Testing

/// lifecycle.instances compares one instance's layers in a tree of its own
/// with the same instance's in a tree shared with two others, where the ids
/// it gets depend on what the others made in between: ids, parents and masks
/// are replaced by places in draw order before comparing.
@Suite struct InstancesNormalizationTests {
    func layer(_ id: LayerID, parent: LayerID?, mask: LayerID? = nil) -> LayerSnapshot {
        LayerSnapshot(id: id, parent: parent, depth: parent == nil ? 0 : 1, kind: .group,
                      values: [Double](repeating: 0, count: LayerProperty.slotCount), fill: .clear, stroke: .clear,
                      text: nil, path: [], mask: mask.map { LayerMask(layer: $0, mode: .alpha) })
    }

    @Test("the same tree under other ids compares equal, its mask included; a different mask does not")
    func masksAreNormalized() {
        let alone = [layer(1, parent: nil), layer(2, parent: 1, mask: 3), layer(3, parent: 2)]
        let shared = [layer(1, parent: nil), layer(40, parent: 1, mask: 72), layer(72, parent: 40)]
        #expect(LifecycleChecks.normalized(alone) == LifecycleChecks.normalized(shared))
        let other = [layer(1, parent: nil), layer(40, parent: 1, mask: 1), layer(72, parent: 40)]
        #expect(LifecycleChecks.normalized(alone) != LifecycleChecks.normalized(other))
    }
}
