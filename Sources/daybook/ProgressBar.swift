import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A progress bar on standard error, drawn only on a terminal and at most ten times a second. One operation
/// updates it at a time, from whichever thread does the work.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let isShown: Bool
    private var lastDrawn = Date.distantPast
    private var drewAny = false

    init(label: String, quiet: Bool) {
        self.label = label
        isShown = !quiet && isatty(STDERR_FILENO) == 1
    }

    func update(_ done: Int64, of total: Int64) {
        guard isShown, Date().timeIntervalSince(lastDrawn) >= 0.1 || done == total else { return }
        lastDrawn = Date()
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
        let width = 28
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "\r\(label) \(bar) \(Int(fraction * 100))%  \(Self.megabytes(done)) of \(Self.megabytes(total))"
        FileHandle.standardError.write(Data(line.utf8))
        drewAny = true
    }

    /// Ends the bar's line.
    func finish() {
        if drewAny { FileHandle.standardError.write(Data("\n".utf8)) }
        drewAny = false
    }

    static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
}
