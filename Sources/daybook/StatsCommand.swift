import ArgumentParser
import Foundation

struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Focus totals, a week per day, and streaks from a running Daybook.")
    @OptionGroup var server: ServerOptions
    @Option(help: "Any day of the week to show, YYYY-MM-DD (default this week).") var week: String?
    @Option(help: "plain or json.") var format: OutputFormat = .plain

    func run() async throws {
        let path = "api/v1/stats" + (week.map { "?week=\($0)" } ?? "")
        let data = try await perform { try await server.client().send("GET", path) }
        if format == .json {
            print(String(decoding: data, as: UTF8.self))
            return
        }
        let stats = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        for total in stats["totals"] as? [[String: Any]] ?? [] {
            print("\(Self.padded(total["label"] as? String ?? "", 12)) \(total["value"] as? String ?? "")")
        }
        print(stats["sessionsLine"] as? String ?? "")
        let week = stats["week"] as? [String: Any] ?? [:]
        let chart = week["chart"] as? [String: Any] ?? [:]
        print("\n\(week["heading"] as? String ?? "") \(week["range"] as? String ?? "")")
        let bars = chart["bars"] as? [[String: Any]] ?? []
        let largest = max(bars.compactMap { $0["minutes"] as? Int }.max() ?? 0, 1)
        for bar in bars {
            let minutes = bar["minutes"] as? Int ?? 0
            let blocks = String(repeating: "█", count: Int((Double(minutes) / Double(largest) * 30).rounded()))
            print("\(Self.padded(bar["fullLabel"] as? String ?? "", 14)) \(blocks) \(bar["value"] as? String ?? "")")
        }
        if let streaks = stats["streaks"] as? [String: Any] {
            print(
                "\n\(streaks["heading"] as? String ?? ""): \(streaks["currentLabel"] as? String ?? "") "
                    + "\(streaks["current"] as? String ?? ""), \(streaks["longestLabel"] as? String ?? "") "
                    + "\(streaks["longest"] as? String ?? "")")
        }
        let insight = stats["insight"] as? [String: Any] ?? [:]
        for line in insight["lines"] as? [String] ?? [] { print(line) }
    }

    /// Pads to a width in terminal columns, counting wide (CJK) characters as two.
    static func padded(_ text: String, _ width: Int) -> String {
        let columns = text.unicodeScalars.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
        return text + String(repeating: " ", count: max(0, width - columns))
    }

    /// East Asian wide characters (Hangul, kana, CJK ideographs, full-width forms) take two terminal columns.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6,
        ]
        return wide.contains { $0.contains(scalar.value) }
    }
}
