import Foundation

/// jrnl's two formats: its JSON export (`jrnl --export json`) and its plain-text journal file, where each entry
/// starts with `[YYYY-MM-DD HH:MM] Title`; the first sentence is the title, `@word`s are tags and a `*` by the
/// title stars the entry.
public enum JrnlImport {
    public static func parse(_ data: Data, timeZone: TimeZone) throws -> ImportBatch {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportFailure.unreadable("it is not UTF-8 text")
        }
        if text.drop(while: \.isWhitespace).first == "{" { return try parseJSON(data, timeZone: timeZone) }
        return parseText(text, timeZone: timeZone)
    }

    static func parseJSON(_ data: Data, timeZone: TimeZone) throws -> ImportBatch {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = root["entries"] as? [[String: Any]]
        else { throw ImportFailure.unreadable("it is not a jrnl JSON export (no \"entries\")") }
        var batch = ImportBatch()
        for (index, object) in entries.enumerated() {
            let title = object["title"] as? String ?? ""
            let body = object["body"] as? String ?? ""
            let date = object["date"] as? String ?? ""
            let time = object["time"] as? String ?? "00:00"
            guard let moment = moment(date, time, timeZone: timeZone) else {
                batch.problems.append(
                    .init(item: "entry \(index + 1)", reason: "its date “\(date) \(time)” is not YYYY-MM-DD HH:MM"))
                continue
            }
            let tags = (object["tags"] as? [String] ?? []).map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
            batch.entries.append(
                .init(
                    sourceID: contentDigest(date, time, title, body), moment: moment, timeZone: timeZone,
                    title: title.trimmingCharacters(in: .whitespaces), body: body.trimmingCharacters(in: .newlines),
                    tags: unique(tags), starred: object["starred"] as? Bool ?? false))
        }
        return batch
    }

    static func parseText(_ text: String, timeZone: TimeZone) -> ImportBatch {
        var batch = ImportBatch()
        var current: (stamp: String, first: String, lines: [String])?
        func finish() {
            guard let current else { return }
            guard
                let moment = moment(
                    String(current.stamp.prefix(10)), String(current.stamp.dropFirst(11)), timeZone: timeZone)
            else {
                batch.problems.append(.init(item: "[\(current.stamp)]", reason: "its date is not YYYY-MM-DD HH:MM"))
                return
            }
            var first = current.first.trimmingCharacters(in: .whitespaces)
            var starred = false
            if first.hasPrefix("*") {
                starred = true
                first = String(first.dropFirst()).trimmingCharacters(in: .whitespaces)
            }
            if first.hasSuffix(" *") || first == "*" {
                starred = true
                first = String(first.dropLast()).trimmingCharacters(in: .whitespaces)
            }
            // The title is the first sentence; the rest of that line begins the body.
            var title = first
            var rest = ""
            if let end = first.firstIndex(where: { ".?!".contains($0) }), first.index(after: end) < first.endIndex {
                title = String(first[...end])
                rest = first[first.index(after: end)...].trimmingCharacters(in: .whitespaces)
            }
            let body = ([rest].filter { !$0.isEmpty } + current.lines).joined(separator: "\n")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let tags = (title + " " + body).split(whereSeparator: { $0.isWhitespace }).compactMap { word -> String? in
                guard word.hasPrefix("@"), word.count > 1 else { return nil }
                let tag = word.dropFirst().trimmingCharacters(in: .punctuationCharacters)
                return tag.isEmpty ? nil : tag
            }
            batch.entries.append(
                .init(
                    sourceID: contentDigest(current.stamp, title, body), moment: moment, timeZone: timeZone,
                    title: title, body: body, tags: unique(tags), starred: starred))
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("["), let close = line.firstIndex(of: "]"),
                line.distance(from: line.startIndex, to: close) >= 17
            {
                finish()
                let stamp = String(line[line.index(after: line.startIndex)..<close])
                current = (stamp, String(line[line.index(after: close)...]), [])
            } else if current != nil {
                current!.lines.append(String(line))
            }
        }
        finish()
        if batch.entries.isEmpty && batch.problems.isEmpty {
            batch.problems.append(.init(item: "the file", reason: "no entry starts with [YYYY-MM-DD HH:MM]"))
        }
        return batch
    }

    /// "2026-11-20" and "08:30", "08:30:15" or "08:30 PM", in `timeZone`.
    static func moment(_ date: String, _ time: String, timeZone: TimeZone) -> Date? {
        guard let day = DayKey(string: date) else { return nil }
        var clock = time.trimmingCharacters(in: .whitespaces).uppercased()
        var add = 0
        if clock.hasSuffix("PM") || clock.hasSuffix("AM") {
            add = clock.hasSuffix("PM") ? 12 : 0
            clock = String(clock.dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        guard parts.count >= 2, parts.count <= 3, (0...23).contains(parts[0]), (0...59).contains(parts[1]) else {
            return nil
        }
        let hour = add == 0 ? parts[0] : (parts[0] % 12) + add
        var components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: parts[1])
        components.second = parts.count == 3 ? parts[2] : 0
        return Calendar.gregorian(in: timeZone).date(from: components)
    }

    static func unique(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }
}
