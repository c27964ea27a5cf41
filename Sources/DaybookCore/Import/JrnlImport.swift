import Foundation

/// jrnl's two formats: its JSON export (`jrnl --export json`) and its plain-text journal file, read as jrnl reads
/// it: an entry starts at a line `[DATE TIME] ` in the journal's `timeformat`; its first line is the title (the
/// first sentence when the entry is one line), a `*` ending the title (or right after the date) stars it, and
/// `@word`s anywhere are its tags. An encrypted journal is refused, never read as text.
public enum JrnlImport {
    /// - Parameter name: the file's name, as problems name it.
    /// - Throws: `ImportBatch.Problem.encryptedJrnl` for an encrypted journal, `.unreadable` for what is no jrnl file.
    public static func parse(_ data: Data, name: String = "journal", timeZone: TimeZone) throws -> ImportBatch {
        if data.starts(with: Array("JRNLv3".utf8)) { throw ImportBatch.Problem.encryptedJrnl }
        guard var text = String(data: data, encoding: .utf8) else {
            throw isCipherText(data)
                ? ImportBatch.Problem.encryptedJrnl : ImportBatch.Problem.unreadable("it is not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let start = text.drop(while: \.isWhitespace)
        if isFernetToken(start) { throw ImportBatch.Problem.encryptedJrnl }
        if start.first == "{" { return try parseJSON(Data(start.utf8), name: name, timeZone: timeZone) }
        return JrnlTextReader(name: name, timeZone: timeZone).read(text)
    }

    static func parseJSON(_ data: Data, name: String, timeZone: TimeZone) throws -> ImportBatch {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = root["entries"] as? [Any]
        else { throw ImportBatch.Problem.unreadable("it is not a jrnl JSON export (no \"entries\")") }
        var batch = ImportBatch()
        for (index, value) in entries.enumerated() {
            let item = "\(name), entry \(index + 1)"
            guard let object = value as? [String: Any] else {
                batch.problems.append(.init(item: item, key: "import.problem.notAnEntry", kind: .entries))
                continue
            }
            let title = object["title"] as? String ?? ""
            let body = object["body"] as? String ?? ""
            let date = object["date"] as? String ?? ""
            let time = object["time"] as? String ?? "00:00"
            guard let moment = moment(date, time, timeZone: timeZone) else {
                batch.problems.append(
                    .init(item: item, key: "import.problem.jrnlDate", ["\(date) \(time)"], kind: .entries))
                continue
            }
            let tags = (object["tags"] as? [Any] ?? []).compactMap { $0 as? String }.map { tag in
                tag.first.map { $0.isPunctuation || $0.isSymbol } == true ? String(tag.dropFirst()) : tag
            }
            let sourceID = (object["uuid"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            let (fitting, rest) = fittingTitle(
                title.trimmingWhiteSpace(),
                body.trimmingWhiteSpace())
            batch.entries.append(
                .init(
                    sourceID: sourceID ?? contentDigest(date, time, title, body), moment: moment, timeZone: timeZone,
                    title: fitting, body: rest, tags: unique(tags), starred: object["starred"] as? Bool ?? false,
                    item: item))
        }
        return batch
    }

    /// "2026-11-20" and "08:30", "08:30:15" or "08:30 PM", in `timeZone`.
    static func moment(_ date: String, _ time: String, timeZone: TimeZone) -> Date? {
        guard let stamp = JrnlStamp(date + " " + time), let components = stamp.components(.yearFirst) else {
            return nil
        }
        return Calendar.gregorian(in: timeZone).date(from: components)
    }

    static func unique(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// jrnl 2's encrypted journal: one Fernet token, URL-safe base64 of a version byte 0x80 and a timestamp.
    private static func isFernetToken(_ text: Substring) -> Bool {
        let token = text.trimmingWhiteSpace()
        return token.hasPrefix("gAAAAA")
            && token.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_=".unicodeScalars.contains($0))
            }
    }

    /// jrnl 1.x's encrypted journal: a 16-byte IV and AES-CBC blocks, so whole blocks of bytes that are no text.
    static func isCipherText(_ data: Data) -> Bool {
        guard data.count >= 32, data.count % 16 == 0 else { return false }
        let texty = data.reduce(0) {
            $0 + (($1 >= 0x20 && $1 < 0x7F) || $1 == 0x0A || $1 == 0x0D || $1 == 0x09 ? 1 : 0)
        }
        return Double(texty) < Double(data.count) * 0.9
    }
}
