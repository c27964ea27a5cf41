import Foundation

/// Daybook's own export (`daybook-export/daybook.json`, version 1): its entries (with their photos, places and
/// tags), trackers with their values, and the Daily Log's moods come back in; a second import adds nothing.
public enum DaybookExportImport {
    public static let folder = "daybook-export/"

    public static func parse(_ json: Data) throws -> ImportBatch {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            root["format"] as? String == "daybook-export", let tables = root["tables"] as? [String: [[String: Any]]]
        else {
            throw ImportBatch.Problem.unreadable(
                "it is not a Daybook export (no daybook.json of format daybook-export)")
        }
        let version = root["version"] as? Int ?? 0
        guard version == 1 else { throw ImportBatch.Problem.unknownVersion(String(version)) }
        var batch = ImportBatch()
        let photoIDs = Set(
            (tables["photo"] ?? []).compactMap { row -> String? in
                guard let id = row["id"] as? String, Photo.isValidID(id),
                    let type = (row["type"] as? String).flatMap(PhotoType.init(rawValue:))
                else {
                    batch.problems.append(
                        .init(
                            item: "photo \(row["id"] as? String ?? "?")", reason: "its id or type cannot be read",
                            kind: .photos, key: "import.problem.unreadablePhoto"))
                    return nil
                }
                batch.photos.append(.init(sourceID: id, path: folder + "photos/\(id).\(type.fileExtension)"))
                return id
            })
        // The other version of an entry changed on two devices (open, or set aside by a choice) comes back as an
        // entry of its own: its words are never dropped.
        let versions = (tables["journalEntry"] ?? []) + (tables["journalConflict"] ?? [])
        for row in versions where row["deletedAt"] == nil || row["deletedAt"] is NSNull {
            guard let id = row["id"] as? String, let moment = (row["moment"] as? String).flatMap(storedDate),
                let zone = (row["timeZone"] as? String).flatMap(TimeZone.init(identifier:))
            else {
                batch.problems.append(
                    .init(
                        item: "entry \(row["id"] as? String ?? "?")", reason: "its date cannot be read",
                        kind: .entries, key: "import.problem.unreadableDate"))
                continue
            }
            let body = PhotoLinks.replacing(in: row["body"] as? String ?? "", prefix: "/photos/") { id in
                photoIDs.contains(id) ? "photo:" + id : nil
            }
            var place: Place?
            if let latitude = (row["latitude"] as? NSNumber)?.doubleValue,
                let longitude = (row["longitude"] as? NSNumber)?.doubleValue,
                let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            {
                place = Place(
                    coordinate: coordinate, name: row["placeName"] as? String ?? "",
                    country: row["placeCountry"] as? String)
            }
            batch.entries.append(
                .init(
                    sourceID: id, moment: moment, timeZone: zone, title: row["title"] as? String ?? "", body: body,
                    tags: (row["tags"] as? String ?? "").split(separator: "\n").map(String.init),
                    starred: (row["isStarred"] as? NSNumber)?.boolValue ?? false, place: place))
        }
        for row in tables["tracker"] ?? [] {
            guard let id = row["id"] as? String, let name = row["name"] as? String,
                let kind = (row["kind"] as? String).flatMap(TrackerKind.init(rawValue:))
            else {
                batch.problems.append(
                    .init(
                        item: "tracker \(row["id"] as? String ?? "?")", reason: "its name or kind cannot be read",
                        kind: .trackers, key: "import.problem.unreadableTracker"))
                continue
            }
            // Exports from before frequencies and notes have neither column: every day, no note.
            let times = (row["frequencyTimes"] as? NSNumber)?.intValue ?? 1
            let days = (row["frequencyDays"] as? NSNumber)?.intValue ?? 1
            batch.trackers.append(
                .init(
                    sourceID: id, name: name, kind: kind,
                    unit: TrackerUnit(stored: row["unit"] as? String, label: row["unitLabel"] as? String),
                    isArchived: row["archivedAt"] is String,
                    frequency: TrackerFrequency.loop(numerator: times, denominator: days) ?? .daily,
                    note: Tracker.clippedNote(row["note"] as? String)))
        }
        for row in tables["trackerValue"] ?? [] {
            guard let tracker = row["trackerID"] as? String,
                let day = (row["day"] as? String).flatMap(DayKey.init(string:)),
                let value = (row["value"] as? NSNumber)?.doubleValue
            else {
                batch.problems.append(
                    .init(
                        item: "tracker value \(row["trackerID"] as? String ?? "?") \(row["day"] as? String ?? "?")",
                        reason: "its day or value cannot be read", kind: .values,
                        key: "import.problem.unreadableValue"))
                continue
            }
            batch.values.append(.init(trackerSourceID: tracker, day: day, value: value))
        }
        for row in tables["dailyLog"] ?? [] {
            guard let text = row["day"] as? String, let day = DayKey(string: text),
                let mood = (row["mood"] as? NSNumber)?.intValue,
                (1...5).contains(mood)
            else {
                // A day logged without a mood is no mood to import; a mood that cannot be read is a problem.
                if row["mood"] != nil, !(row["mood"] is NSNull) {
                    batch.problems.append(
                        .init(
                            item: "daily log \(row["day"] as? String ?? "?")", reason: "its mood cannot be read",
                            kind: .moods, key: "import.problem.unreadableMood"))
                }
                continue
            }
            batch.logs.append(.init(sourceID: text, day: day, mood: mood))
        }
        return batch
    }

    /// A time as SQLite holds it in the export: UTC, `YYYY-MM-DD HH:MM:SS[.SSS]`.
    static func storedDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = text.count > 19 ? "yyyy-MM-dd HH:mm:ss.SSS" : "yyyy-MM-dd HH:mm:ss"
        return formatter.date(from: text)
    }
}
