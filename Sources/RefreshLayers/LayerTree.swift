/// The layer tree: model values, animations, and what is on screen at timeline.now.
/// Used on one thread; not Sendable.
public final class LayerTree {
    public let timeline: Timeline

    /// Layers by id; only looked up (and summed), never iterated in an order that matters.
    var nodes: [LayerID: LayerNode] = [:]
    /// Top-level layers, in creation order.
    public private(set) var roots: [LayerID] = []
    var lastID: LayerID = 0
    /// The open animate blocks, innermost last.
    var openBlocks: [OpenBlock] = []

    public init(timeline: Timeline) {
        self.timeline = timeline
    }

    func node(_ id: LayerID) throws(LayerError) -> LayerNode {
        guard let n = nodes[id] else { throw .unknownLayer(id) }
        return n
    }

    // MARK: - Structure

    /// parent nil = a new top-level root. Appended as the last child.
    public func createLayer(kind: LayerKind, parent: LayerID?) throws(LayerError) -> LayerID {
        var parentNode: LayerNode?
        if let parent { parentNode = try node(parent) }
        guard lastID < LayerID.max else { throw .tooLarge("layer ids exhausted") }
        lastID += 1
        let id = lastID
        nodes[id] = LayerNode(id: id, kind: kind, parent: parent)
        if let parentNode { parentNode.children.append(id) } else { roots.append(id) }
        return id
    }

    /// Removes the layer and all its descendants and cancels their animations; their
    /// completions run later from the timeline (at now) with finished = false.
    public func removeLayer(_ id: LayerID) throws(LayerError) {
        let n = try node(id)
        let subtree = preorder(from: id)
        for nodeID in subtree {
            if let sub = nodes[nodeID] { cancelAnimations(of: sub, notify: true) }
        }
        if let parent = n.parent, let p = nodes[parent] {
            p.children.removeAll { $0 == id }
            if p.mask?.layer == id { p.mask = nil }
        } else {
            roots.removeAll { $0 == id }
        }
        for nodeID in subtree { nodes[nodeID] = nil }
    }

    public func contains(_ id: LayerID) -> Bool { nodes[id] != nil }

    public func kind(of id: LayerID) -> LayerKind? { nodes[id]?.kind }

    public func parent(of id: LayerID) -> LayerID? { nodes[id]?.parent }

    /// Children in creation order (draw order is snapshot's business).
    public func children(of id: LayerID) -> [LayerID] { nodes[id]?.children ?? [] }

    /// True also when id == ancestor; false when either is unknown.
    public func isDescendant(_ id: LayerID, of ancestor: LayerID) -> Bool {
        guard nodes[ancestor] != nil else { return false }
        var current: LayerID? = id
        while let c = current, let n = nodes[c] {
            if c == ancestor { return true }
            current = n.parent
        }
        return false
    }

    public var layerCount: Int { nodes.count }

    /// Layers in the subtree, including root; 0 for an unknown root.
    public func layerCount(under root: LayerID) -> Int {
        nodes[root] == nil ? 0 : preorder(from: root).count
    }

    /// The subtree's ids, parent before children, children in creation order.
    func preorder(from root: LayerID) -> [LayerID] {
        guard nodes[root] != nil else { return [] }
        var result: [LayerID] = []
        var stack: [LayerID] = [root]
        while let id = stack.popLast() {
            result.append(id)
            if let n = nodes[id] { stack.append(contentsOf: n.children.reversed()) }
        }
        return result
    }
}
