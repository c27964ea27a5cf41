import DaybookFuzzing
import Foundation

#if LIBFUZZER
    import CLibFuzzer
#endif

// `daybook-fuzz TARGET [libFuzzer options] [CORPUS…]`: one parser of outside bytes under libFuzzer, when built
// with `-sanitize=fuzzer -DLIBFUZZER` (scripts/fuzz does). Built without them, `daybook-fuzz TARGET FILE…` runs
// each file through the target once, to replay a crash.

/// The target named on the command line, and the folder its runs write in.
enum Fuzzing {
    static let target = CommandLine.arguments.dropFirst().first.flatMap(FuzzTargets.named)
    static let work = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-fuzz-\(getpid())")
}

/// The input libFuzzer hands over, run through the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzzing.target?.run(data.map { Data(bytes: $0, count: size) } ?? Data(), Fuzzing.work)
    return 0
}

guard let target = Fuzzing.target else {
    let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(
        Data("usage: daybook-fuzz TARGET [libFuzzer options] [CORPUS…]\ntargets: \(names)\n".utf8))
    exit(2)
}
try FileManager.default.createDirectory(at: Fuzzing.work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: Fuzzing.work) }

#if LIBFUZZER
    // libFuzzer reads its own options and corpus folders; the target's name is ours.
    var arguments = [CommandLine.unsafeArgv[0]] + (2..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0] } + [nil]
    var count = CInt(arguments.count - 1)
    let status = arguments.withUnsafeMutableBufferPointer { buffer in
        var argv = buffer.baseAddress
        return LLVMFuzzerRunDriver(&count, &argv, testOneInput)
    }
    try? FileManager.default.removeItem(at: Fuzzing.work)
    exit(status)
#else
    for path in CommandLine.arguments.dropFirst(2) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        target.run(bytes, Fuzzing.work)
        print("\(target.name): \(path) (\(bytes.count) bytes) ran through")
    }
#endif
