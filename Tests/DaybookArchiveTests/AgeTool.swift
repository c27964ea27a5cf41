import Foundation
import Testing

/// Debian's `age` and `age-keygen`, run as a person would: the test command installs them.
enum AgeTool {
    struct Run {
        var status: Int32
        var output: String
    }

    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path("age")) }
    /// Run when age is here, and always in CI (where its absence must fail, not skip).
    static var isRequired: Bool { isInstalled || ProcessInfo.processInfo.environment["CI"] != nil }

    static func path(_ tool: String) -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        where
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)")
        {
            return "\(folder)/\(tool)"
        }
        return "/usr/bin/\(tool)"
    }

    /// Runs a tool; `input` is written to its standard input.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], input: String = "") throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe()
        let output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: text)
    }

    /// `age` reads a passphrase only from a terminal: `script` gives it one, fed from standard input.
    @discardableResult
    static func withPassphrase(_ passphrase: String, times: Int = 1, _ arguments: [String]) throws -> Run {
        let command = ([path("age")] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try run(
            "/usr/bin/script", ["-qec", command, "/dev/null"],
            input: String(repeating: passphrase + "\n", count: times))
    }
}

/// A folder under the temporary folder, removed when the test ends.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
