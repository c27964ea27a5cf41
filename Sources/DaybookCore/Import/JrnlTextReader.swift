import Foundation

/// jrnl's plain-text journal, read as jrnl reads it (`Journal._parse`, `Entry._parse_text`, `split_title`).
struct JrnlTextReader {
    let name: String
    let timeZone: TimeZone

    /// A line that starts an entry: its number (from 0), its stamp as written, and the rest of the line.
    private struct Head {
        var line: Int
        var written: Substring
        var stamp: JrnlStamp
        var rest: Substring
    }

    func read(_ text: String) -> ImportBatch {
        let lines = Self.lines(of: text)
        var heads = lines.indices.compactMap { bracketed(lines[$0], at: $0) }
        // jrnl 1.x wrote the stamp without brackets.
        if heads.isEmpty { heads = lines.indices.compactMap { bare(lines[$0], at: $0) } }
        var batch = ImportBatch()
        guard !heads.isEmpty else {
            if !text.allSatisfy(\.isWhitespace) {
                batch.problems.append(.init(item: name, key: "import.problem.noStamp"))
            }
            return batch
        }
        let reading = JrnlDateReading(heads.map(\.stamp), timeZone: timeZone)
        let calendar = Calendar.gregorian(in: timeZone)
        for (index, head) in heads.enumerated() {
            let item = "\(name), line \(head.line + 1)"
            let end = index + 1 < heads.count ? heads[index + 1].line : lines.count
            guard let components = head.stamp.components(reading.order), let moment = calendar.date(from: components)
            else {
                batch.problems.append(
                    .init(item: item, key: "import.problem.notADay", [String(head.written)], kind: .entries))
                continue
            }
            let text = ([head.rest] + lines[(head.line + 1)..<end]).joined(separator: "\n")
            let (written, rest, starred) = Self.entry(text)
            let (title, body) = fittingTitle(written, rest)
            guard !title.isEmpty || !body.isEmpty else {
                batch.problems.append(.init(item: item, key: "import.problem.empty", kind: .entries))
                continue
            }
            batch.entries.append(
                .init(
                    sourceID: contentDigest(String(head.written), title, body), moment: moment, timeZone: timeZone,
                    title: title, body: body, tags: Self.tags(in: text), starred: starred, item: item))
        }
        if reading.ambiguous, let example = heads.first?.written {
            let key = reading.order == .dayFirst ? "import.problem.readDayFirst" : "import.problem.readMonthFirst"
            batch.problems.append(.init(item: name, key: key, [String(example)]))
        }
        return batch
    }

    private func bracketed(_ line: Substring, at number: Int) -> Head? {
        guard line.first == "[", let close = line.firstIndex(of: "]") else { return nil }
        let after = line.index(after: close)
        guard after == line.endIndex || line[after] == " " else { return nil }
        let written = line[line.index(after: line.startIndex)..<close]
        guard let stamp = JrnlStamp(written) else { return nil }
        return Head(
            line: number, written: written, stamp: stamp,
            rest: after == line.endIndex ? "" : line[line.index(after: after)...])
    }

    private func bare(_ line: Substring, at number: Int) -> Head? {
        let spaces = line.indices.filter { line[$0] == " " }
        for count in [3, 2] where spaces.count >= count - 1 {
            let end = count - 1 < spaces.count ? spaces[count - 1] : line.endIndex
            let written = line[..<end]
            if let stamp = JrnlStamp(written) {
                return Head(
                    line: number, written: written, stamp: stamp,
                    rest: end == line.endIndex ? "" : line[line.index(after: end)...])
            }
        }
        return nil
    }

    /// The text's lines, split where `Character.isNewline` splits them (LF, CR LF, CR, VT, FF, NEL, LS, PS),
    /// found in its UTF-8: a journal of 10,000 entries is some 15 MB, and walking it by `Character` cost a
    /// third of its import.
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            var width = 0
            switch byte {
            case 0x0A, 0x0B, 0x0C: width = 1
            case 0x0D:
                let next = bytes.index(after: index)
                width = next < bytes.endIndex && bytes[next] == 0x0A ? 2 : 1
            case 0xC2:
                let next = bytes.index(after: index)
                if next < bytes.endIndex, bytes[next] == 0x85 { width = 2 }
            case 0xE2:
                let second = bytes.index(after: index)
                if second < bytes.endIndex, bytes[second] == 0x80 {
                    let third = bytes.index(after: second)
                    if third < bytes.endIndex, bytes[third] == 0xA8 || bytes[third] == 0xA9 { width = 3 }
                }
            default: break
            }
            guard width > 0 else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            index = bytes.index(index, offsetBy: width)
            start = index
        }
        lines.append(text[start..<bytes.endIndex])
        return lines
    }

    /// The title, body and star of an entry's text (what follows its stamp).
    static func entry(_ text: String) -> (title: String, body: String, starred: Bool) {
        let end = text.utf8.firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
        // A line: no breaks are left in it to trim.
        let first = text[..<end].trimmingWhiteSpace()
        // jrnl writes the star at the end of the title; "[DATE] *Title" is how people type it.
        guard first.hasSuffix("*") || (first.hasPrefix("*") && !first.hasPrefix("**")) else {
            let (title, body) = splitTitle(text)
            return (title, body, false)
        }
        let title = first.trimmingCharacters(in: CharacterSet(charactersIn: "\n *"))
        let (fitting, body) = splitTitle(end == text.endIndex ? title + "\n" : title + text[end...])
        return (fitting, body, true)
    }

    /// jrnl's `split_title`: the first line when the text has several, else its first sentence.
    static func splitTitle(_ text: String) -> (String, String) {
        let text = text.drop(while: \.isWhitespace)
        func parts(_ end: Substring.Index) -> (String, String) {
            (
                text[..<end].trimmingWhiteSpace(),
                text[end...].trimmingWhiteSpace()
            )
        }
        if let newline = text.firstIndex(where: \.isNewline) { return parts(newline) }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            var next = text.index(after: index)
            if "！．？｡。".contains(character) { return parts(next) }
            if ".!?…‼‽⁇⁈⁉⋯﹒﹗".contains(character) {
                if next < text.endIndex, "'’\"”".contains(text[next]) { next = text.index(after: next) }
                while next < text.endIndex, "])".contains(text[next]) { next = text.index(after: next) }
                if next < text.endIndex, text[next].isWhitespace { return parts(next) }
            }
            index = text.index(after: index)
        }
        return parts(text.endIndex)
    }

    /// The symbols that start a tag in the `tagsymbols` jrnl writes into a new configuration (`#@`).
    static let tagSymbols: Set<Character> = ["@", "#"]

    /// `@word`s and `#word`s that start the text or follow a space, lowercased as jrnl keeps them, first use
    /// first, without their symbol.
    ///
    /// The symbols are found in the text's UTF-8, and only the words after them are read as characters: an
    /// entry has a few tags in thousands of characters.
    static func tags(in text: String) -> [String] {
        var tags: [String] = []
        let bytes = text.utf8
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "#") }) {
            index = bytes.index(after: found)
            // The symbol must be a character of its own (not the start of "#️⃣"), after a space or at the start.
            guard Self.tagSymbols.contains(text[found]) else { continue }
            if found > text.startIndex, let previous = text[..<found].last, !previous.isWhitespace { continue }
            let start = text.index(after: found)
            let end =
                text[start...].firstIndex { !($0.isLetter || $0.isNumber || "_-+*#/".contains($0)) } ?? text.endIndex
            if start < end { tags.append(text[start..<end].lowercased()) }
        }
        return JrnlImport.unique(tags)
    }
}
