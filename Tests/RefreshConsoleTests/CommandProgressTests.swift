import Foundation
import RefreshConsole
import Testing

/// What the long commands say while they work, read back from a pipe the console's progress line writes to.
@Suite struct CommandProgressTests {
    /// A console whose progress line (and so its warnings and detail) writes to a pipe.
    final class Captured {
        let pipe = Pipe()
        let console: Console

        init(_ verbosity: Verbosity, drawn: Bool = false) {
            let line = ProgressLine(descriptor: pipe.fileHandleForWriting.fileDescriptor, enabled: drawn)
            console = Console(verbosity: verbosity, progress: line)
        }

        /// Everything written so far, the progress line's redraws removed.
        func text() throws -> String {
            try pipe.fileHandleForWriting.close()
            let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
            return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\u{1B}[K", with: "")
        }
    }

    @Test("--quiet drops warnings and notices; detail only with --verbose")
    func verbosity() throws {
        let quiet = Captured(.quiet)
        quiet.console.warning("dropped")
        quiet.console.detail("dropped too")
        #expect(try quiet.text() == "")
        let normal = Captured(.normal)
        normal.console.warning("kept")
        normal.console.detail("not asked for")
        #expect(try normal.text() == "warning: kept\n")
        let verbose = Captured(.verbose)
        verbose.console.detail("asked for")
        #expect(try verbose.text() == "asked for\n")
        #expect(verbose.console.isVerbose && quiet.console.isQuiet)
    }

    @Test("render with --verbose: a line as each tenth of the run begins and one at its end, not one per frame")
    func renderTenths() throws {
        let captured = Captured(.verbose)
        let progress = RenderProgress(console: captured.console, label: "out.gif")
        for frame in 1...100 { progress.frame(frame, of: 100) }
        progress.end()
        let lines = try captured.text().split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines.contains("render out.gif: 50 of 100 frames") && !lines.contains("render out.gif: 51 of 100 frames"))
        #expect(lines.first == "render out.gif: 1 of 100 frames" && lines.last == "render out.gif: 100 of 100 frames")
    }

    @Test("gallery: the styles done of the total and the ones being drawn now, on the progress line")
    func gallery() throws {
        let captured = Captured(.verbose, drawn: true)
        let progress = GalleryProgress(console: captured.console)
        progress.started("com.a.drop", total: 2)
        progress.started("com.b.wave", total: 2)
        progress.finished("com.a.drop", done: 1, total: 2)
        progress.end()
        let text = try captured.text()
        #expect(text.contains("gallery: 0 of 2 styles done, working on com.a.drop, com.b.wave"))
        #expect(text.contains("gallery: com.a.drop done (1 of 2)\n"))
        #expect(text.contains("gallery: 1 of 2 styles done, working on com.b.wave"))
    }
}
