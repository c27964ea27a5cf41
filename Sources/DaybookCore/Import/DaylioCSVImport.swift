import Foundation

/// Daylio's CSV export (`full_date,date,weekday,time,mood,activities,note_title,note`, newest first; older ones
/// without `note_title`, the oldest with `year` and a day-month `date`; newer ones with more columns, which are
/// left alone; commas or tabs; often a byte order mark). Each row's mood is read (the day's latest becomes its
/// mood), and a row with a note or title becomes an entry tagged with its activities. Times are the owner's.
///
/// The CSV names a mood as the person named it. Daylio's five default names, in English and in the common
/// Korean, Japanese and Chinese renderings, have their levels; any other name needs one in `moodLevels`, and
/// rows whose mood has none are problems (their notes still come in).
public enum DaylioCSVImport {
    /// Daylio's default mood names and their Daybook levels (5 great … 1 very low).
    public static let defaultMoodLevels: [String: Int] = [
        "rad": 5, "good": 4, "meh": 3, "bad": 2, "awful": 1,
        "최고": 5, "좋음": 4, "보통": 3, "나쁨": 2, "최악": 1,
        "最高": 5, "良い": 4, "普通": 3, "悪い": 2, "最悪": 1,
        "超棒": 5, "不错": 4, "一般": 3, "不好": 2, "糟糕": 1,
    ]

    /// How mood names are compared: case, surrounding spaces and Unicode composition do not matter.
    public static func moodKey(_ name: String) -> String {
        name.trimmingWhiteSpace().precomposedStringWithCanonicalMapping.lowercased()
    }

    /// A mapping as the command line and the API take it: `NAME=LEVEL` or `NAME:LEVEL`, LEVEL 1 … 5.
    public static func moodMapping(_ text: String) -> (name: String, level: Int)? {
        guard let split = text.lastIndex(where: { $0 == "=" || $0 == ":" }),
            let level = Int(text[text.index(after: split)...].trimmingCharacters(in: .whitespaces)),
            (1...5).contains(level)
        else { return nil }
        let name = moodKey(String(text[..<split]))
        return name.isEmpty ? nil : (name, level)
    }

    /// Whether bytes look like a Daylio CSV: text whose first line names its columns.
    public static func looksLikeExport(_ data: Data) -> Bool {
        let start = Data(data.prefix(4096))
        let utf16 = start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF])
        let text =
            utf16
            ? String(data: start.prefix(start.count & ~1), encoding: .utf16) ?? ""
            : String(decoding: start, as: UTF8.self)
        let header = text.prefix { $0 != "\n" && $0 != "\r" }.lowercased()
        return header.contains("mood") && (header.contains("full_date") || header.contains("year"))
    }

    /// - Parameters:
    ///   - name: the file's name, for problems (`daylio_export.csv line 12`).
    ///   - timeZone: the owner's: the CSV's times have none.
    ///   - moodLevels: levels for mood names, by `moodKey`; they win over the defaults.
    /// - Throws: `ImportBatch.Problem.unreadable` when the text is not a Daylio CSV.
    public static func parse(
        _ data: Data, name: String = "daylio_export.csv", timeZone: TimeZone, moodLevels: [String: Int] = [:]
    ) throws -> ImportBatch {
        guard let text = DelimitedText.text(data) else {
            throw ImportBatch.Problem.unreadable("\(name) is not UTF-8 or UTF-16 text")
        }
        let header = text.prefix { $0 != "\n" && $0 != "\r" }
        let separator: Unicode.Scalar =
            header.contains("\t") ? "\t" : (!header.contains(",") && header.contains(";") ? ";" : ",")
        let records = try DelimitedText.records(in: text, separator: separator, file: name)
        guard let columns = records.first.map({ Columns($0.fields) }), columns.isDaylio else {
            throw ImportBatch.Problem.unreadable(
                "\(name) is not a Daylio CSV export (its first line names no full_date, time and mood columns)")
        }
        var levels = defaultMoodLevels
        for (key, level) in moodLevels { levels[moodKey(key)] = level }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var batch = ImportBatch()
        var unmapped: [String: (name: String, count: Int)] = [:]
        var seen: [String: Int] = [:]
        for record in records.dropFirst() {
            let row = Row(record: record, columns: columns)
            let item = "\(name) line \(record.line)"
            let title = DaylioNote.markdown(fromHTML: row["note_title"]).replacingOccurrences(of: "\n", with: " ")
            let note = DaylioNote.markdown(fromHTML: row["note"])
            guard let moment = row.moment(in: calendar) else {
                let stamp = "\(row.dateText) \(row["time"])"
                let reason = "its date and time (\(stamp)) cannot be read"
                let key = "import.problem.dateTime"
                batch.problems.append(.init(item: item, reason: reason, kind: .moods, key: key, arguments: [stamp]))
                if !title.isEmpty || !note.isEmpty {
                    batch.problems.append(
                        .init(item: item, reason: reason, kind: .entries, key: key, arguments: [stamp]))
                }
                continue
            }
            let day = DayKey(date: moment, timeZone: timeZone)
            let stamp = "\(day) \(row["time"])"
            seen[stamp, default: 0] += 1
            let sourceID = "csv-" + contentDigest(stamp, String(seen[stamp]!))
            let mood = row["mood"].trimmingWhiteSpace()
            if let level = levels[moodKey(mood)] {
                batch.logs.append(.init(sourceID: sourceID, day: day, mood: level, moment: moment))
            } else if mood.isEmpty {
                batch.problems.append(
                    .init(item: item, reason: "it has no mood", kind: .moods, key: "import.problem.noMood"))
            } else {
                unmapped[moodKey(mood), default: (mood, 0)].count += 1
                batch.problems.append(
                    .init(
                        item: item,
                        reason: "the mood “\(mood)” has no Daybook level; give it one (\(mood)=1…5) and import again",
                        kind: .moods, key: "import.problem.unmappedMood", arguments: [mood]))
            }
            guard !title.isEmpty || !note.isEmpty else { continue }
            let tags = row["activities"].components(separatedBy: "|").map(DaylioImport.tagText).filter { !$0.isEmpty }
            batch.entries.append(
                .init(
                    sourceID: sourceID, moment: moment, timeZone: timeZone, title: title, body: note,
                    tags: JrnlImport.unique(tags), item: item))
        }
        batch.unmappedMoods = unmapped.values.map { ImportBatch.UnmappedMood(name: $0.name, count: $0.count) }
            .sorted { ($1.count, $0.name) < ($0.count, $1.name) }
        return batch
    }

    /// The header's columns by name.
    struct Columns {
        var index: [String: Int] = [:]

        init(_ fields: [String]) {
            for (position, field) in fields.enumerated() {
                let key = field.trimmingCharacters(in: .whitespaces).lowercased()
                if index[key] == nil { index[key] = position }
            }
        }

        var isDaylio: Bool {
            (index["full_date"] != nil || (index["year"] != nil && index["date"] != nil)) && index["time"] != nil
                && index["mood"] != nil
        }
    }

    struct Row {
        var record: DelimitedText.Record
        var columns: Columns

        subscript(_ column: String) -> String {
            guard let position = columns.index[column], position < record.fields.count else { return "" }
            return record.fields[position]
        }

        var dateText: String {
            columns.index["full_date"] != nil ? self["full_date"] : "\(self["date"]) \(self["year"])"
        }

        /// `2024-03-01` (or the oldest exports' `year` with `18 May` / `May 18`) at `21:40`, `9:40 PM` or `9:40 p.m.`.
        func moment(in calendar: Calendar) -> Date? {
            var parts = DateComponents()
            let date = dateText.trimmingCharacters(in: .whitespaces)
            if let match = date.wholeMatch(of: /(\d{4})-(\d{1,2})-(\d{1,2})/) {
                parts.year = Int(match.1)
                parts.month = Int(match.2)
                parts.day = Int(match.3)
            } else {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = calendar.timeZone
                formatter.isLenient = false
                guard
                    let found = ["d MMMM yyyy", "d MMM yyyy", "MMMM d yyyy", "MMM d yyyy"].lazy.compactMap({
                        formatter.dateFormat = $0
                        return formatter.date(from: date)
                    }).first
                else { return nil }
                parts = calendar.dateComponents([.year, .month, .day], from: found)
            }
            let time = self["time"].trimmingCharacters(in: .whitespaces).lowercased()
            guard
                let clock = time.wholeMatch(of: /(\d{1,2}):(\d{2})(?::\d{2})?\s*(?:(a|p)\.?\s*m\.?)?/),
                var hour = Int(clock.1), let minute = Int(clock.2), minute < 60
            else { return nil }
            if let half = clock.3 {
                guard (1...12).contains(hour) else { return nil }
                hour = hour % 12 + (half == "p" ? 12 : 0)
            }
            guard hour < 24 else { return nil }
            parts.hour = hour
            parts.minute = minute
            guard parts.isValidDate(in: calendar) else { return nil }
            return calendar.date(from: parts)
        }
    }
}
