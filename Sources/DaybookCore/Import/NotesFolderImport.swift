import Foundation

/// One note of a folder of daily notes, read into entries (see `NotesFolder` for the layouts).
///
/// A jrnl day file gives one entry per `[DATE TIME]` entry inside it. A Markdown note gives one entry, on the day
/// its front matter's `date:` says, else the day its name says (`2024-01-05.md`, `2024_01_05.md`); a note with
/// neither is a problem that names it, never a guess. Its tags come from the front matter's `tags:`, Logseq's
/// `tags::` property and inline `#tags` (not in headings, code or links); `[[links]]` read as their text; images
/// it embeds from the folder become its photos where they stand; everything else is kept as written.
public enum NotesFolderImport {
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - path: its path from the folder's root, as problems name it.
    ///   - images: the folder's images, for the ones the note embeds.
    public static func read(
        _ data: Data, path: String, role: NotesFolder.Role, images: NotesFolderImages, timeZone: TimeZone
    ) -> ImportBatch {
        var batch = ImportBatch()
        guard var text = String(validating: data, as: UTF8.self) else {
            batch.problems.append(.init(item: path, key: "import.problem.notUTF8", kind: .entries))
            return batch
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        text = text.replacingOccurrences(of: "\r\n", with: "\n")
        switch role {
        case .jrnl:
            batch = JrnlTextReader(name: path, timeZone: timeZone).read(text)
            // As jrnl reads a folder journal: the file's place (YYYY/MM/DD.txt) is each entry's day, and its stamp
            // gives the time.
            let parts = path.split(separator: "/").suffix(3).map(String.init)
            if let day = NotesFolder.jrnlDay(parts) {
                let calendar = Calendar.gregorian(in: timeZone)
                for index in batch.entries.indices {
                    var components = calendar.dateComponents(
                        [.hour, .minute, .second], from: batch.entries[index].moment)
                    (components.year, components.month, components.day) = (day.year, day.month, day.day)
                    batch.entries[index].moment = calendar.date(from: components) ?? batch.entries[index].moment
                }
            }
        case .note, .logseq:
            readNote(text, path: path, logseq: role == .logseq, images: images, timeZone: timeZone, into: &batch)
        case .image, .ignored:
            break
        }
        return batch
    }

    static func readNote(
        _ text: String, path: String, logseq: Bool, images: NotesFolderImages, timeZone: TimeZone,
        into batch: inout ImportBatch
    ) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let front = FrontMatter(&lines)
        var tags = front.tags
        tags += LogseqProperties.take(&lines)
        guard let (day, time) = front.date ?? NotesFolder.day(fromName: path).map({ ($0, nil) }),
            JournalEntry.Limits.years.contains(day.year)
        else {
            batch.problems.append(.init(item: path, key: "import.problem.noteUndated", kind: .entries))
            return
        }
        var markup = NoteMarkup(path: path, images: images)
        var body = markup.rewrite(lines)
        if !front.kept.isEmpty {
            body = "```yaml\n" + front.kept.joined(separator: "\n") + "\n```\n\n" + body
        }
        body = body.trimmingWhiteSpace()
        tags += markup.tags
        let calendar = Calendar.gregorian(in: timeZone)
        // A day without a time is set at noon, so that the day holds in any time zone near the owner's.
        let components = DateComponents(
            year: day.year, month: day.month, day: day.day, hour: time?.hour ?? 12, minute: time?.minute ?? 0)
        let moment = calendar.date(from: components) ?? day.date(in: timeZone)
        batch.entries.append(
            .init(
                sourceID: "note-" + contentDigest(day.description, text), moment: moment, timeZone: timeZone,
                title: "", body: body, tags: JrnlImport.unique(tags.map(cleanTag)), item: path))
        batch.photos += markup.photos
        batch.problems += markup.problems
    }

    /// A tag as Daybook keeps it: without `#`, quotes or Logseq's brackets.
    static func cleanTag(_ tag: String) -> String {
        var tag = tag.trimmingCharacters(in: .whitespaces)
        if tag.hasPrefix("#") { tag.removeFirst() }
        if tag.hasPrefix("[["), tag.hasSuffix("]]") { tag = String(tag.dropFirst(2).dropLast(2)) }
        return tag.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
    }
}

/// A note's YAML front matter (`---` … `---` on its first lines): `date:` and `tags:` are read; the other keys are
/// kept, as written, at the top of the entry.
struct FrontMatter {
    var date: (DayKey, (hour: Int, minute: Int)?)?
    var tags: [String] = []
    var kept: [String] = []

    /// Reads and removes the front matter from `lines`, when they start with one.
    init(_ lines: inout [String]) {
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
            let end = lines.indices.dropFirst().prefix(500).first(where: {
                ["---", "..."].contains(lines[$0].trimmingCharacters(in: .whitespaces))
            })
        else { return }
        var key = ""
        for line in lines[1..<end] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let isItem = trimmed.hasPrefix("- ") || trimmed == "-"
            if line.first?.isWhitespace == true || isItem, !key.isEmpty {
                if ["tags", "tag"].contains(key), isItem { tags.append(unquoted(String(trimmed.dropFirst(1)))) }
                if !["tags", "tag", "date"].contains(key) { kept.append(line) }
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                kept.append(line)
                continue
            }
            key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "tags", "tag":
                var list = value
                if list.hasPrefix("["), list.hasSuffix("]") { list = String(list.dropFirst().dropLast()) }
                tags += list.split(whereSeparator: { $0 == "," || $0 == " " }).map { unquoted(String($0)) }
            case "date":
                date = Self.date(unquoted(value))
                if date == nil, !value.isEmpty { kept.append(line) }
            default:
                kept.append(line)
            }
        }
        tags = tags.filter { !$0.isEmpty }
        lines.removeSubrange(0...end)
    }

    private func unquoted(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }

    /// `2024-01-05`, `2024-01-05 08:30`, `2024-01-05T08:30:00`.
    static func date(_ text: String) -> (DayKey, (hour: Int, minute: Int)?)? {
        guard text.count >= 10, let day = DayKey(string: String(text.prefix(10))) else { return nil }
        let rest = text.dropFirst(10)
        guard rest.count >= 6, rest.first == "T" || rest.first == " " else { return rest.isEmpty ? (day, nil) : nil }
        let clock = rest.dropFirst().prefix(5).split(separator: ":")
        guard clock.count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]), (0...23).contains(hour),
            (0...59).contains(minute)
        else { return (day, nil) }
        return (day, (hour, minute))
    }
}

/// Logseq's page properties: `key:: value` lines at the top of a page. `tags::` gives tags and is removed; the
/// others are kept as written.
enum LogseqProperties {
    static func take(_ lines: inout [String]) -> [String] {
        var tags: [String] = []
        var index = 0
        while index < lines.count, let separator = lines[index].range(of: ":: ") ?? lines[index].range(of: "::"),
            !lines[index].hasPrefix("-"), !lines[index].hasPrefix(" "),
            lines[index][..<separator.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        {
            let key = lines[index][..<separator.lowerBound].lowercased()
            if key == "tags" || key == "tag" {
                let value = lines[index][separator.upperBound...]
                tags += value.split(separator: ",").flatMap { part in
                    part.split(separator: " ").filter { $0.hasPrefix("#") }.isEmpty
                        ? [String(part)] : part.split(separator: " ").map(String.init)
                }
                lines.remove(at: index)
            } else {
                index += 1
            }
        }
        return tags
    }
}
