import Foundation

/// jrnl's plain-text journal, read as jrnl reads it (`Journal._parse`, `Entry._parse_text`, `split_title`).
struct JrnlTextReader: Sendable {
    let name: String
    let timeZone: TimeZone

    /// A line that starts an entry: its number (from 0), its stamp as written, and the rest of the line.
    struct Head {
        var line: Int
        var written: Substring
        var stamp: JrnlStamp
        var rest: Substring
    }

    func read(_ text: String) -> ImportBatch {
        let lines = Self.lines(of: text)
        var outliner = Outliner(reader: self)
        for line in lines { outliner.take(line) }
        var batch = ImportBatch()
        var assembler = Assembler(reader: self, outline: outliner.outline())
        for line in lines { assembler.take(line) { batch.add($0) } }
        assembler.finish { batch.add($0) }
        return batch
    }

    /// The first reading of a journal's lines: where its entries start and how their dates read (which takes
    /// every stamp of the file). It keeps the stamps, not the text.
    struct Outliner {
        let reader: JrnlTextReader
        private var bracketed: [Outline.Start] = []
        private var bare: [Outline.Start] = []
        private var hasText = false
        private var number = 0

        init(reader: JrnlTextReader) { self.reader = reader }

        mutating func take(_ line: Substring) {
            defer { number += 1 }
            if !hasText, !line.allSatisfy(\.isWhitespace) { hasText = true }
            if let head = reader.bracketed(line, at: number) {
                bracketed.append(.init(line: number, written: String(head.written), stamp: head.stamp))
            } else if bracketed.isEmpty, let head = reader.bare(line, at: number) {
                // jrnl 1.x wrote the stamp without brackets; looked for only while no bracketed stamp is found.
                bare.append(.init(line: number, written: String(head.written), stamp: head.stamp))
            }
        }

        func outline() -> Outline {
            let isBare = bracketed.isEmpty
            let starts = isBare ? bare : bracketed
            return Outline(
                starts: starts, isBare: isBare, hasText: hasText,
                reading: JrnlDateReading(starts.map(\.stamp), timeZone: reader.timeZone))
        }
    }

    /// Where a journal's entries start, and how their dates read.
    struct Outline: Sendable {
        struct Start: Sendable {
            var line: Int
            var written: String
            var stamp: JrnlStamp
        }
        var starts: [Start]
        /// The stamps are written without brackets (jrnl 1.x).
        var isBare: Bool
        /// The journal has a line that is not blank.
        var hasText: Bool
        var reading: JrnlDateReading
    }

    /// The second reading: the lines again, one entry handed on as soon as its last line is read, so only the
    /// entry being read is held.
    struct Assembler {
        let reader: JrnlTextReader
        let outline: Outline
        private let calendar: Calendar
        private var number = 0
        private var next = 0
        private var current: (head: Head, lines: [Substring])?

        init(reader: JrnlTextReader, outline: Outline) {
            self.reader = reader
            self.outline = outline
            calendar = Calendar.gregorian(in: reader.timeZone)
        }

        mutating func take(_ line: Substring, _ emit: (ImportStreamItem) throws -> Void) rethrows {
            defer { number += 1 }
            if next < outline.starts.count, outline.starts[next].line == number,
                let head = outline.isBare ? reader.bare(line, at: number) : reader.bracketed(line, at: number)
            {
                next += 1
                if let current { try emit(entry(current.head, current.lines)) }
                current = (head, [head.rest])
            } else if current != nil {
                current!.lines.append(line)
            }
        }

        mutating func finish(_ emit: (ImportStreamItem) throws -> Void) rethrows {
            if let current { try emit(entry(current.head, current.lines)) }
            current = nil
            if outline.starts.isEmpty {
                if outline.hasText { try emit(.problem(.init(item: reader.name, key: "import.problem.noStamp"))) }
            } else if outline.reading.ambiguous, let example = outline.starts.first?.written {
                let key =
                    outline.reading.order == .dayFirst ? "import.problem.readDayFirst" : "import.problem.readMonthFirst"
                try emit(.problem(.init(item: reader.name, key: key, [example])))
            }
        }

        private func entry(_ head: Head, _ lines: [Substring]) -> ImportStreamItem {
            let item = "\(reader.name), line \(head.line + 1)"
            guard let components = head.stamp.components(outline.reading.order),
                let moment = calendar.date(from: components)
            else {
                return .problem(
                    .init(item: item, key: "import.problem.notADay", [String(head.written)], kind: .entries))
            }
            let text = lines.joined(separator: "\n")
            let (written, rest, starred) = JrnlTextReader.entry(text)
            let (title, body) = fittingTitle(written, rest)
            guard !title.isEmpty || !body.isEmpty else {
                return .problem(.init(item: item, key: "import.problem.empty", kind: .entries))
            }
            return .entry(
                .init(
                    sourceID: contentDigest(String(head.written), title, body), moment: moment,
                    timeZone: reader.timeZone, title: title, body: body, tags: JrnlTextReader.tags(in: text),
                    starred: starred, item: item))
        }
    }

    fileprivate func bracketed(_ line: Substring, at number: Int) -> Head? {
        guard line.first == "[", let close = line.firstIndex(of: "]") else { return nil }
        let after = line.index(after: close)
        guard after == line.endIndex || line[after] == " " else { return nil }
        let written = line[line.index(after: line.startIndex)..<close]
        guard let stamp = JrnlStamp(written) else { return nil }
        return Head(
            line: number, written: written, stamp: stamp,
            rest: after == line.endIndex ? "" : line[line.index(after: after)...])
    }

    fileprivate func bare(_ line: Substring, at number: Int) -> Head? {
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
            let width = mayBreak(bytes[index]) ? lineBreak(in: bytes, at: index, final: true) ?? 0 : 0
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

    /// Whether a line break may start with `byte`: most bytes of a text are not one, and are passed over at once.
    @inline(__always)
    static func mayBreak(_ byte: UInt8) -> Bool { byte <= 0x0D || byte == 0xC2 || byte == 0xE2 }

    /// How many bytes the line break at `index` takes (0 when none starts there), or nil when `bytes` end before
    /// that can be told and more are to come (`final` false): a CR that may be CR LF, the first bytes of NEL, LS
    /// or PS. Each break is ASCII or a whole UTF-8 sequence, so splitting at them never cuts a character.
    static func lineBreak<Bytes: Collection<UInt8>>(in bytes: Bytes, at index: Bytes.Index, final: Bool) -> Int? {
        func byte(_ offset: Int) -> UInt8? {
            guard let at = bytes.index(index, offsetBy: offset, limitedBy: bytes.endIndex), at < bytes.endIndex
            else { return nil }
            return bytes[at]
        }
        switch bytes[index] {
        case 0x0A, 0x0B, 0x0C: return 1
        case 0x0D:
            guard let next = byte(1) else { return final ? 1 : nil }
            return next == 0x0A ? 2 : 1
        case 0xC2:
            guard let next = byte(1) else { return final ? 0 : nil }
            return next == 0x85 ? 2 : 0
        case 0xE2:
            guard let second = byte(1) else { return final ? 0 : nil }
            guard second == 0x80 else { return 0 }
            guard let third = byte(2) else { return final ? 0 : nil }
            return third == 0xA8 || third == 0xA9 ? 3 : 0
        default: return 0
        }
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
