import Foundation

/// A Daylio backup's JSON (`backup.daylio` inside the `.daylio` ZIP, base64 encoded; version 15 in 2023, older
/// ones without titles, activity groups or photos, the oldest without `datetime`): every day entry's mood is read, and the day's latest becomes that day's mood in the Daily Log (custom moods
/// by their mood group); an entry with a note, a title or photos becomes a journal entry (its note's HTML as
/// Markdown, its photos from the archive's `assets/` folder) tagged with its activities as `Group/activity`.
public enum DaylioImport {
    /// The JSON's name inside the archive.
    public static let backupName = "backup.daylio"
    /// Daylio's five default mood groups, 1 rad … 5 awful; Daybook's levels run the other way.
    static func level(ofGroup group: Int) -> Int? { (1...5).contains(group) ? 6 - group : nil }

    /// - Parameters:
    ///   - json: the decoded `backup.daylio` JSON.
    ///   - archivePaths: the files the archive holds, where the photos are found by their checksum.
    /// - Throws: `ImportBatch.Problem` when it is not a Daylio backup, or of a version Daybook does not know.
    public static func parse(_ json: Data, archivePaths: [String] = []) throws -> ImportBatch {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let days = root["dayEntries"] as? [Any]
        else { throw ImportBatch.Problem.unreadable("it is not a Daylio backup (no dayEntries)") }
        if let version = root["version"] as? Int, version > 20 {
            throw ImportBatch.Problem.unknownVersion(String(version))
        }
        let file = backupName
        var batch = ImportBatch()
        var moodGroups: [Int: Int] = [:]
        for case let mood as [String: Any] in root["customMoods"] as? [Any] ?? [] {
            if let id = mood["id"] as? Int, let group = mood["mood_group_id"] as? Int { moodGroups[id] = group }
        }
        let tags = activityTags(root)
        let assets = Assets(root: root, archivePaths: archivePaths)
        var photoIDs: Set<String> = []
        for (index, value) in days.enumerated() {
            guard let entry = value as? [String: Any] else {
                batch.problems.append(
                    .init(
                        item: "\(file), day entry \(index + 1)", reason: "it is not an object",
                        key: "import.problem.notAnObject"))
                continue
            }
            let id = (entry["id"] as? Int).map(String.init) ?? "day-\(index + 1)"
            let zone = TimeZone(secondsFromGMT: ((entry["timeZoneOffset"] as? NSNumber)?.intValue ?? 0) / 1000) ?? .gmt
            guard let moment = moment(of: entry, in: zone) else {
                batch.problems.append(
                    .init(
                        item: "\(file), day entry \(id)", reason: "it has no date Daybook can read", kind: .moods,
                        key: "import.problem.noDate"))
                continue
            }
            let day = DayKey(date: moment, timeZone: zone)
            let item = "\(file), day entry \(id) (\(day))"
            let moodID = (entry["mood"] as? NSNumber)?.intValue
            if let moodID, let level = Self.level(ofGroup: moodGroups[moodID] ?? moodID) {
                batch.logs.append(.init(sourceID: id, day: day, mood: level, moment: moment))
            } else {
                batch.problems.append(
                    .init(
                        item: item,
                        reason: "its mood (\(moodID.map(String.init) ?? "–")) is not one of the backup's",
                        kind: .moods, key: "import.problem.unknownMood", arguments: [moodID.map(String.init) ?? "–"]))
            }
            var links: [String] = []
            for assetID in entry["assets"] as? [Int] ?? [] {
                switch assets.photo(assetID) {
                case .photo(let photo):
                    if photoIDs.insert(photo.sourceID).inserted { batch.photos.append(photo) }
                    links.append("![](photo:\(photo.sourceID))")
                case .problem(let reason, let kind, let key, let argument):
                    batch.problems.append(
                        .init(item: item, reason: reason, kind: kind, key: key, arguments: [argument]))
                }
            }
            let note = DaylioNote.markdown(fromHTML: entry["note"] as? String ?? "")
            let title = DaylioNote.markdown(fromHTML: entry["note_title"] as? String ?? "")
            guard !note.isEmpty || !title.isEmpty || !links.isEmpty else { continue }
            let body = ([note] + links).filter { !$0.isEmpty }.joined(separator: "\n\n")
            batch.entries.append(
                .init(
                    sourceID: id, moment: moment, timeZone: zone,
                    title: title.replacingOccurrences(of: "\n", with: " "), body: body,
                    tags: JrnlImport.unique((entry["tags"] as? [Int] ?? []).compactMap { tags[$0] }), item: item))
        }
        return batch
    }

    /// Activities by id, as tags: `Group/activity` when the backup has activity groups, else the activity's name.
    static func activityTags(_ root: [String: Any]) -> [Int: String] {
        var groups: [Int: String] = [:]
        for case let group as [String: Any] in root["tag_groups"] as? [Any] ?? [] {
            if let id = group["id"] as? Int, let name = group["name"] as? String { groups[id] = tagText(name) }
        }
        var tags: [Int: String] = [:]
        for case let tag as [String: Any] in root["tags"] as? [Any] ?? [] {
            guard let id = tag["id"] as? Int, let name = (tag["name"] as? String).map(tagText), !name.isEmpty else {
                continue
            }
            let group = (tag["id_tag_group"] as? Int).flatMap { groups[$0] } ?? ""
            tags[id] = group.isEmpty ? name : group + "/" + name
        }
        return tags
    }

    /// A name as a tag can hold it: no commas or line breaks.
    static func tagText(_ name: String) -> String {
        name.components(separatedBy: CharacterSet(charactersIn: ",").union(.newlines))
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `datetime` (milliseconds since 1970); the oldest backups have only `year`, `month` (from 0), `day`,
    /// `hour` and `minute`.
    static func moment(of entry: [String: Any], in zone: TimeZone) -> Date? {
        if let millis = (entry["datetime"] as? NSNumber)?.doubleValue, millis.isFinite, abs(millis) < 1e15 {
            return Date(timeIntervalSince1970: millis / 1000)
        }
        guard let year = entry["year"] as? Int, let month = entry["month"] as? Int, let day = entry["day"] as? Int
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = DateComponents(
            year: year, month: month + 1, day: day, hour: entry["hour"] as? Int ?? 12, minute: entry["minute"] as? Int)
        guard parts.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: parts)
    }

    /// The backup's `assets`: photos (type 1) are files in the archive named by their checksum; voice notes
    /// (type 2) have no place in Daybook.
    struct Assets {
        var byID: [Int: (type: Int, checksum: String)] = [:]
        var pathsByName: [String: String] = [:]

        init(root: [String: Any], archivePaths: [String]) {
            for case let asset as [String: Any] in root["assets"] as? [Any] ?? [] {
                guard let id = asset["id"] as? Int, let checksum = asset["checksum"] as? String else { continue }
                byID[id] = (asset["type"] as? Int ?? 1, checksum)
            }
            for path in archivePaths where path.hasPrefix("assets/") {
                let name = path.split(separator: "/").last.map(String.init) ?? path
                pathsByName[name] = path
                if let dot = name.firstIndex(of: ".") { pathsByName[String(name[..<dot]), default: path] = path }
            }
        }

        enum Found {
            case photo(ImportBatch.Photo)
            /// The English reason, the kind it counts under, its catalog key and the key's one argument.
            case problem(String, ImportItemKind, String, String)
        }

        func photo(_ id: Int) -> Found {
            guard let asset = byID[id] else {
                return .problem(
                    "its photo \(id) is not among the backup's assets", .photos, "import.problem.unknownAsset", "\(id)")
            }
            guard asset.type == 1 else {
                return .problem(
                    "it holds a recording (asset \(id)); Daybook keeps photos only", .other, "import.problem.recording",
                    "\(id)")
            }
            guard let path = pathsByName[asset.checksum] else {
                return .problem(
                    "its photo \(asset.checksum) is not in the archive", .photos, "import.problem.assetMissing",
                    asset.checksum)
            }
            let sourceID = String(
                asset.checksum.unicodeScalars.filter {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
                }.map(Character.init))
            return .photo(.init(sourceID: sourceID.isEmpty ? "asset-\(id)" : sourceID, path: path))
        }
    }
}
