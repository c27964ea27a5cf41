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
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
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

    /// The title, body and star of an entry's text (what follows its stamp).
    static func entry(_ text: String) -> (title: String, body: String, starred: Bool) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var starred = false
        var raw = text
        if let first = lines.first?.trimmingCharacters(in: .whitespaces) {
            // jrnl writes the star at the end of the title; "[DATE] *Title" is how people type it.
            if first.hasSuffix("*") || (first.hasPrefix("*") && !first.hasPrefix("**")) {
                starred = true
                lines[0] = first.trimmingCharacters(in: CharacterSet(charactersIn: "\n *"))
                raw = lines.count == 1 ? lines[0] + "\n" : lines.joined(separator: "\n")
            }
        }
        let (title, body) = splitTitle(raw)
        return (title, body, starred)
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
    static func tags(in text: String) -> [String] {
        var tags: [String] = []
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            defer {
                previous = text[index]
                index = text.index(after: index)
            }
            guard Self.tagSymbols.contains(text[index]), previous.isWhitespace else { continue }
            let start = text.index(after: index)
            let end =
                text[start...].firstIndex { !($0.isLetter || $0.isNumber || "_-+*#/".contains($0)) } ?? text.endIndex
            if start < end { tags.append(text[start..<end].lowercased()) }
        }
        return JrnlImport.unique(tags)
    }
}
