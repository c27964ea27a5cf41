import Foundation

/// The markup of Obsidian and Logseq notes, rewritten into Daybook's Markdown in one pass over the lines:
/// - `![[photo.jpg]]`, `![[photo.jpg|300]]`, `![alt](assets/x.png)` and `![alt](../assets/x.png){:height 200}`
///   of an image in the folder become `![alt](photo:ID)`, the note's photo in place; one the folder lacks stays as
///   written and is a problem;
/// - `![[Other note]]` and `[[Note]]` read as `Note`, `[[Note|shown]]` as `shown`;
/// - `#tag` (letters, digits, `_`, `-`, `/`; not only digits) after a space or at a line's start, and Logseq's
///   `#[[two words]]`, are the note's tags and stay in the text; nothing inside code (fenced or `inline`) changes.
struct NoteMarkup {
    let path: String
    let images: NotesFolderImages
    private(set) var tags: [String] = []
    private(set) var photos: [ImportBatch.Photo] = []
    private(set) var problems: [ImportProblem] = []
    private var photoIDs: Set<String> = []

    /// How far a link's or image's end is looked for, and a code span's.
    static let reach = 512
    static let codeReach = 4_096

    init(path: String, images: NotesFolderImages) {
        self.path = path
        self.images = images
    }

    mutating func rewrite(_ lines: [String]) -> String {
        var fence: String?
        var out: [String] = []
        out.reserveCapacity(lines.count)
        for line in lines {
            let opening = Self.fenceMark(line)
            if let open = fence {
                if let opening, opening.first == open.first, opening.count >= open.count { fence = nil }
                out.append(line)
            } else if let opening {
                fence = opening
                out.append(line)
            } else {
                out.append(rewrite(line: line))
            }
        }
        return out.joined(separator: "\n")
    }

    /// The backticks or tildes that open or close a fenced code block on this line (after indentation or a
    /// Logseq bullet), if any.
    static func fenceMark(_ line: String) -> String? {
        var rest = line.drop(while: { $0 == " " || $0 == "\t" })
        if rest.hasPrefix("- ") { rest = rest.dropFirst(2) }
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let mark = rest.prefix(while: { $0 == first })
        return mark.count >= 3 ? String(mark) : nil
    }

    private mutating func rewrite(line: String) -> String {
        guard line.contains(where: { "#[!`".contains($0) }) else { return line }
        let characters = Array(line)
        var out = ""
        var index = 0
        func starts(_ text: String, at position: Int) -> Bool {
            var at = position
            for character in text {
                guard at < characters.count, characters[at] == character else { return false }
                at += 1
            }
            return true
        }
        // Links, images and code spans are looked for within a bounded stretch of the line, so a line of a
        // million `[[` with no `]]` takes a million steps, not a million squared.
        func find(_ text: String, from position: Int, within reach: Int = Self.reach) -> Int? {
            var at = position
            while at < min(characters.count, position + reach) {
                if starts(text, at: at) { return at }
                at += 1
            }
            return nil
        }
        while index < characters.count {
            let character = characters[index]
            if character == "`" {
                // An inline code span, to the run of as many backticks that closes it.
                let run = characters[index...].prefix(while: { $0 == "`" }).count
                let ticks = String(repeating: "`", count: run)
                if let close = find(ticks, from: index + run, within: Self.codeReach) {
                    out += String(characters[index..<(close + run)])
                    index = close + run
                } else {
                    out += ticks
                    index += run
                }
                continue
            }
            guard "![#".contains(character) else {
                out.append(character)
                index += 1
                continue
            }
            if starts("![[", at: index), let close = find("]]", from: index + 3) {
                out += embed(String(characters[(index + 3)..<close]))
                index = close + 2
                continue
            }
            if starts("[[", at: index), let close = find("]]", from: index + 2) {
                out += Self.shown(String(characters[(index + 2)..<close]))
                index = close + 2
                continue
            }
            if starts("![", at: index), let image = Self.markdownImage(characters, at: index) {
                out += markdownImage(alt: image.alt, target: image.target, written: image.written)
                index = image.end
                // Logseq's size after an image: `{:height 200, :width 300}`.
                if starts("{:", at: index), let close = find("}", from: index) { index = close + 1 }
                continue
            }
            if character == "#", index == 0 || characters[index - 1].isWhitespace {
                if starts("#[[", at: index), let close = find("]]", from: index + 3) {
                    let tag = String(characters[(index + 3)..<close])
                    tags.append(tag)
                    out += "#" + tag
                    index = close + 2
                    continue
                }
                let word = characters[(index + 1)...].prefix { $0.isLetter || $0.isNumber || "_-/".contains($0) }
                if !word.isEmpty, !word.allSatisfy(\.isNumber) {
                    tags.append(String(word))
                }
                out += "#" + String(word)
                index += 1 + word.count
                continue
            }
            out.append(character)
            index += 1
        }
        return out
    }

    /// `Note`, `Note|shown`, `Note#Heading`: what a person reads.
    static func shown(_ link: String) -> String {
        if let bar = link.firstIndex(of: "|") { return String(link[link.index(after: bar)...]) }
        return link
    }

    /// `![alt](target "title")` starting at `index`: its parts and where it ends.
    static func markdownImage(_ characters: [Character], at index: Int) -> (
        alt: String, target: String, written: String, end: Int
    )? {
        var at = index + 2
        var depth = 0
        let end = min(characters.count, index + reach)
        while at < end {
            if characters[at] == "[" { depth += 1 }
            if characters[at] == "]" {
                if depth == 0 { break }
                depth -= 1
            }
            at += 1
        }
        guard at + 1 < end, characters[at + 1] == "(" else { return nil }
        let alt = String(characters[(index + 2)..<at])
        var close = at + 2
        if close < end, characters[close] == "<" {
            while close < end, characters[close] != ">" { close += 1 }
        }
        while close < end, characters[close] != ")" { close += 1 }
        guard close < end else { return nil }
        var target = String(characters[(at + 2)..<close]).trimmingCharacters(in: .whitespaces)
        if !target.hasPrefix("<"), let space = target.firstIndex(of: " ") {
            target = String(target[..<space])  // a title after the target
        }
        return (alt, target, String(characters[index...close]), close + 1)
    }

    private mutating func embed(_ link: String) -> String {
        let target = link.split(separator: "|", maxSplits: 1).first.map(String.init) ?? link
        guard Self.isImage(target) else { return Self.shown(link) }
        switch images.resolve(target, from: path, byName: true) {
        case .found(let image): return "![](photo:\(photo(image)))"
        case .outside:
            note(target, key: "import.problem.outsideFolder")
        case .missing:
            note(target, key: "import.problem.imageMissing")
        }
        return "![[" + link + "]]"
    }

    private mutating func markdownImage(alt: String, target: String, written: String) -> String {
        let lowered = target.lowercased()
        guard !lowered.contains("://"), !lowered.hasPrefix("data:"), Self.isImage(target) else { return written }
        switch images.resolve(target, from: path, byName: false) {
        case .found(let image): return "![\(alt)](photo:\(photo(image)))"
        case .outside: note(target, key: "import.problem.outsideFolder")
        case .missing: note(target, key: "import.problem.imageMissing")
        }
        return written
    }

    private mutating func photo(_ image: NotesFolderImages.Image) -> String {
        let id = NotesFolder.photoID(image.path)
        if photoIDs.insert(id).inserted {
            photos.append(.init(sourceID: id, path: image.file, entry: path))
        }
        return id
    }

    private mutating func note(_ target: String, key: String) {
        problems.append(.init(item: "\(path): \(target)", key: key, kind: .photos))
    }

    static func isImage(_ target: String) -> Bool {
        var name = target.removingPercentEncoding ?? target
        name = name.trimmingCharacters(in: CharacterSet(charactersIn: "<> "))
        if let cut = name.firstIndex(where: { $0 == "#" || $0 == "?" }) { name = String(name[..<cut]) }
        guard let dot = name.lastIndex(of: ".") else { return false }
        return NotesFolder.imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
