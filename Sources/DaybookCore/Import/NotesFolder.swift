import Foundation

/// A folder of daily notes, as the apps that keep one lay it out:
/// - jrnl's folder journals: `YYYY/MM/DD.txt`, each file in jrnl's plain-text format (one or more
///   `[DATE TIME] title` entries);
/// - Obsidian's daily notes: `YYYY-MM-DD.md` in the vault's root or the plugin's folder (often `Daily/`), with
///   optional YAML front matter; the vault's settings live in `.obsidian/`;
/// - Logseq's journals: `journals/YYYY_MM_DD.md`, outlines of `- ` bullets, with `pages/`, `assets/` and the
///   graph's settings and backups in `logseq/`.
///
/// Paths are the folder's own, `/`-separated, relative to its root. Only notes (`.md`, `.markdown`, `.txt`) and
/// images are read; hidden files and folders (`.obsidian/`, `.trash/`, `.git/`) and Logseq's `logseq/` folder
/// (settings, `bak/` copies of journals) are not notes.
public enum NotesFolder {
    /// Explicit limits: what is past them is refused or named as a problem, never read whole.
    public enum Limits {
        /// Files (of any kind) a folder may hold; past it the import is refused.
        public static let files = 50_000
        /// The largest note file: a note past it is a problem (an entry holds 1 MiB; a jrnl file can hold many).
        public static let noteBytes = 16 << 20
    }

    /// What a file of the folder is to an import.
    public enum Role: Equatable, Sendable {
        /// A jrnl folder journal's day file, `YYYY/MM/DD.txt`.
        case jrnl
        /// A Logseq journal, `journals/YYYY_MM_DD.md`.
        case logseq
        /// Any other Markdown or text note: dated by its name or its front matter.
        case note
        /// An image an entry may show.
        case image
        /// Settings, hidden files, Logseq's backups, and files of other kinds: not read.
        case ignored
    }

    static let noteExtensions: Set<String> = ["md", "markdown", "txt"]
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "heic", "heif"]

    public static func role(of path: String) -> Role {
        let parts = path.split(separator: "/")
        guard let name = parts.last else { return .ignored }
        if parts.contains(where: { $0.hasPrefix(".") || $0 == "__MACOSX" }) { return .ignored }
        if let logseq = parts.firstIndex(of: "logseq"), logseq < parts.count - 1 {
            // `logseq/config.edn`, `logseq/bak/journals/…`, `logseq/version-files/…`
            return .ignored
        }
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard name.contains(".") else { return .ignored }
        if imageExtensions.contains(ext) { return .image }
        guard noteExtensions.contains(ext) else { return .ignored }
        if ext == "txt", parts.count >= 3, jrnlDay(parts.suffix(3).map(String.init)) != nil { return .jrnl }
        if parts.count >= 2, parts[parts.count - 2] == "journals" { return .logseq }
        return .note
    }

    /// The day of a jrnl folder journal's `YYYY`, `MM`, `DD.txt`.
    static func jrnlDay(_ parts: [String]) -> DayKey? {
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 6,
            parts[2].hasSuffix(".txt")
        else { return nil }
        return DayKey(string: "\(parts[0])-\(parts[1])-\(parts[2].prefix(2))")
    }

    /// The day a note's file name gives: `2024-01-05`, `2024_01_05` (Logseq), `2024.01.05`, optionally followed
    /// by a space and words (`2024-01-05 Friday`); nil for any other name, which is never guessed.
    public static func day(fromName path: String) -> DayKey? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let characters = Array(stem)
        guard characters.count >= 10 else { return nil }
        let separator = characters[4]
        guard "-_.".contains(separator), characters[7] == separator,
            characters[0..<4].allSatisfy(\.isASCIIDigitCharacter),
            characters[5..<7].allSatisfy(\.isASCIIDigitCharacter),
            characters[8..<10].allSatisfy(\.isASCIIDigitCharacter)
        else { return nil }
        if characters.count > 10 {
            guard characters[10] == " ", characters[11...].allSatisfy({ $0.isLetter || $0 == " " || $0 == "," })
            else { return nil }
        }
        return DayKey(
            string: String(characters[0..<4]) + "-" + String(characters[5..<7]) + "-"
                + String(characters[8..<10]))
    }

    /// The source id of a photo at `path`: the same file is one photo however many notes show it, and importing the
    /// folder again finds it.
    public static func photoID(_ path: String) -> String { "img-" + contentDigest(path) }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
