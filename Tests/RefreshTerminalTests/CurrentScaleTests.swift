import Foundation
import RefreshTerminal
import Testing

/// The scale the live preview tells a style it is drawn at, from the terminal as it is now.
@Suite struct CurrentScaleTests {
    @Test("a descriptor that is not a terminal says nothing of its size: scale 1")
    func notATerminal() {
        let pipe = Pipe()
        #expect(Layout.currentScale(descriptor: pipe.fileHandleForWriting.fileDescriptor, viewportWidth: 375, viewportHeight: 300) == 1)
    }
}
