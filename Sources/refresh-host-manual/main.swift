import Foundation

/// refresh-host-manual TOOL [--date YYYY-MM-DD] [--doc-folder PATH]: writes the
/// man page of TOOL (refresh-host) to stdout in mdoc, from what TOOL says of
/// itself with --experimental-dump-help and --version. `make install` runs it on
/// the binary it installs; nothing here is written by hand per option.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("refresh-host-manual: \(message)\n".utf8))
    exit(1)
}

/// TOOL's stdout for `arguments`, or a failure naming what went wrong.
func output(of tool: String, _ arguments: [String]) -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { fail("cannot run \(tool): \(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)") }
    return data
}

var arguments = Array(CommandLine.arguments.dropFirst())
var options: [String: String] = [:]
while let index = arguments.firstIndex(where: { $0.hasPrefix("--") }), index + 1 < arguments.count {
    options[String(arguments[index].dropFirst(2))] = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.count == 1, Set(options.keys).isSubset(of: ["date", "doc-folder"]) else {
    fail("usage: refresh-host-manual TOOL [--date YYYY-MM-DD] [--doc-folder PATH]")
}
let tool = arguments[0]

let info: ToolInfo
do { info = try JSONDecoder().decode(ToolInfo.self, from: output(of: tool, ["--experimental-dump-help"])) } catch {
    fail("\(tool) --experimental-dump-help: not the JSON expected: \(error)")
}
guard info.serializationVersion == 0 else { fail("dump-help version \(info.serializationVersion); this writer reads 0") }
let version = String(decoding: output(of: tool, ["--version"]), as: UTF8.self).split(separator: " ").first.map(String.init) ?? "?"

// The date is the caller's (reproducible builds pass the source's); else today's.
var day = Date()
if let given = options["date"] {
    let parser = DateFormatter()
    parser.locale = Locale(identifier: "en_US_POSIX")
    parser.timeZone = TimeZone(identifier: "UTC")
    parser.dateFormat = "yyyy-MM-dd"
    guard let parsed = parser.date(from: given) else { fail("--date \(given): not YYYY-MM-DD") }
    day = parsed
}
let printer = DateFormatter()
printer.locale = Locale(identifier: "en_US_POSIX")
printer.timeZone = TimeZone(identifier: "UTC")
printer.dateFormat = "MMMM d, yyyy"

let page = ManualPage(tool: info.command, version: version, date: printer.string(from: day),
                      docFolder: options["doc-folder"] ?? "/usr/local/share/doc/refresh-host")
FileHandle.standardOutput.write(Data(page.render().utf8))
