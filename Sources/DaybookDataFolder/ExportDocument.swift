import DaybookCore
import DaybookStore
import Foundation

/// The text files of an export: its README, `daybook.json` and one Markdown file per entry.
package enum ExportDocument {
    package static let readme = """
        # Daybook export

        - `daybook.json`: everything, as `{"format": "daybook-export", "version": 1, "exportedAt", "timeZone",
          "schema", "tables"}`. `tables` holds each table as a list of rows, each row an object of its columns with
          the values as stored: text, numbers (true and false as 1 and 0), or null. Times are UTC
          (`YYYY-MM-DD HH:MM:SS.SSS`), days are `YYYY-MM-DD` in the owner's time zone. `schema` names the database
          migrations the data has. Secrets (the passphrase, sign-ins, API tokens, push subscriptions) are left out.
        - `entries/YEAR/DATE-TIME-ID.md`: each journal entry in Markdown, with YAML front matter (id, date with
          its offset, time zone, title, tags, starred, location, cover photo). Photos are linked as
          `../../photos/ID.jpg`.
        - `photos/`: the original of every photo, named by its id.
        - `csv/`: focus sessions, daily logs and tracker values, as spreadsheets read them (RFC 4180).
        - `tasks.ics`: the tasks as iCalendar (RFC 5545), repeating ones with their rules.

        """

    /// Writes `daybook.json` to `file`: the export's description, then the tables the store wrote to `tables`.
    package static func writeJSON(
        to file: URL, tables: URL, contents: AppDatabase.ExportContents, settings: Settings, now: Date
    ) throws {
        let head: [String: Any] = [
            "format": ExportService.formatName, "version": ExportService.formatVersion,
            "exportedAt": now.formatted(.iso8601), "timeZone": settings.timeZone.identifier,
            "schema": contents.migrations,
        ]
        var start = try JSONSerialization.data(withJSONObject: head, options: [.sortedKeys, .withoutEscapingSlashes])
        start.removeLast()  // the closing brace: the tables go in before it
        start.append(contentsOf: Array(#","tables":"#.utf8))
        guard FileManager.default.createFile(atPath: file.path, contents: start) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        let output = try FileHandle(forWritingTo: file)
        defer { try? output.close() }
        try output.seekToEnd()
        let input = try FileHandle(forReadingFrom: tables)
        defer { try? input.close() }
        while let piece = try input.read(upToCount: 256 * 1024), !piece.isEmpty { try output.write(contentsOf: piece) }
        try output.write(contentsOf: Data("}".utf8))
    }

    package static func entryPath(_ entry: AppDatabase.ExportedEntry) -> String {
        let zone = TimeZone(identifier: entry.timeZone) ?? .gmt
        let stamp = stamp(entry.moment, zone, "yyyy-MM-dd-HHmm")
        let safeID = String(entry.id.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
        return "entries/\(stamp.prefix(4))/\(stamp)-\(safeID).md"
    }

    package static func markdown(_ entry: AppDatabase.ExportedEntry, photoNames: [String: String]) -> String {
        let zone = TimeZone(identifier: entry.timeZone) ?? .gmt
        var lines = [
            "---", "id: \(JSONText.quoted(entry.id))",
            "date: \(stamp(entry.moment, zone, "yyyy-MM-dd'T'HH:mm:ssxxxxx"))",
            "timeZone: \(JSONText.quoted(entry.timeZone))", "title: \(JSONText.quoted(entry.title))",
            "tags: [\(entry.tags.map(JSONText.quoted).joined(separator: ", "))]", "starred: \(entry.isStarred)",
        ]
        if let latitude = entry.latitude, let longitude = entry.longitude {
            lines += ["location:", "  latitude: \(latitude)", "  longitude: \(longitude)"]
            if let name = entry.placeName, !name.isEmpty { lines.append("  name: \(JSONText.quoted(name))") }
            if let country = entry.placeCountry, !country.isEmpty {
                lines.append("  country: \(JSONText.quoted(country))")
            }
        }
        if let cover = entry.coverPhotoID, let name = photoNames[cover] {
            lines.append("cover: \(JSONText.quoted("../../photos/" + name))")
        }
        lines += ["updated: \(entry.updatedAt.formatted(.iso8601))", "---", ""]
        let body = PhotoLinks.replacing(in: entry.body, prefix: "(/photos/") { id in
            photoNames[id].map { "(../../photos/" + $0 }
        }
        return lines.joined(separator: "\n") + "\n" + body + (body.hasSuffix("\n") ? "" : "\n")
    }

    /// Formatters are slow to make: one per time zone and format, kept for every export (and used under the lock).
    private static let formatters = Locked<[String: DateFormatter]>([:])

    private static func stamp(_ date: Date, _ zone: TimeZone, _ format: String) -> String {
        formatters.withLock { cache in
            let key = zone.identifier + " " + format
            let formatter =
                cache[key]
                ?? {
                    let made = DateFormatter()
                    made.locale = Locale(identifier: "en_US_POSIX")
                    made.timeZone = zone
                    made.dateFormat = format
                    cache[key] = made
                    return made
                }()
            return formatter.string(from: date)
        }
    }
}
