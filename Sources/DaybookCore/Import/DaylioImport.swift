import Foundation

/// A Daylio backup's JSON (inside the `.daylio` archive, base64 encoded): each day's mood becomes that day's mood
/// in the Daily Log, each note a journal entry, and the activities of an entry its tags.
public enum DaylioImport {
    /// - Parameter json: the decoded `backup.daylio` JSON.
    public static func parse(_ json: Data) throws -> ImportBatch {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let days = root["dayEntries"] as? [[String: Any]]
        else { throw ImportFailure.unreadable("it is not a Daylio backup (no dayEntries)") }
        if let version = root["version"] as? Int, version > 20 { throw ImportFailure.unknownVersion(String(version)) }
        // Daylio's mood groups run from 1 (rad) to 5 (awful); Daybook's moods from 1 (very low) to 5 (great).
        var moodGroups: [Int: Int] = [:]
        for mood in root["customMoods"] as? [[String: Any]] ?? [] {
            if let id = mood["id"] as? Int, let group = mood["mood_group_id"] as? Int { moodGroups[id] = group }
        }
        var tagNames: [Int: String] = [:]
        for tag in root["tags"] as? [[String: Any]] ?? [] {
            if let id = tag["id"] as? Int, let name = tag["name"] as? String { tagNames[id] = name }
        }
        var batch = ImportBatch()
        var moodsByDay: [DayKey: (minute: Double, mood: Int, id: String)] = [:]
        for (index, entry) in days.enumerated() {
            let id = (entry["id"] as? Int).map(String.init) ?? "day-\(index)"
            guard let millis = (entry["datetime"] as? NSNumber)?.doubleValue else {
                batch.problems.append(.init(item: "entry \(index + 1)", reason: "it has no datetime"))
                continue
            }
            let offset = ((entry["timeZoneOffset"] as? NSNumber)?.intValue ?? 0) / 1000
            let zone = TimeZone(secondsFromGMT: offset) ?? .gmt
            let moment = Date(timeIntervalSince1970: millis / 1000)
            let day = DayKey(date: moment, timeZone: zone)
            if let moodID = entry["mood"] as? Int,
                let group = moodGroups[moodID] ?? ((1...5).contains(moodID) ? moodID : nil),
                (1...5).contains(group)
            {
                // The day's last entry speaks for the day.
                if moodsByDay[day].map({ $0.minute <= millis }) ?? true {
                    moodsByDay[day] = (millis, 6 - group, id)
                }
            }
            let note = (entry["note"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let title = (entry["note_title"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if !note.isEmpty || !title.isEmpty {
                let tags = (entry["tags"] as? [Int] ?? []).compactMap { tagNames[$0] }
                batch.entries.append(
                    .init(
                        sourceID: id, moment: moment, timeZone: zone, title: title, body: plainNote(note),
                        tags: JrnlImport.unique(tags)))
            }
        }
        batch.logs = moodsByDay.sorted { $0.key < $1.key }.map {
            .init(sourceID: $0.value.id, day: $0.key, mood: $0.value.mood)
        }
        return batch
    }

    /// Daylio keeps notes as simple HTML (`<br>`, `&amp;`): back to text.
    static func plainNote(_ note: String) -> String {
        var text = note.replacingOccurrences(of: "<br>", with: "\n").replacingOccurrences(of: "<br/>", with: "\n")
        for (entity, character) in [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}
