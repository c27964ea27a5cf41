import Foundation

/// The images of a notes folder, found the ways the notes point at them: Obsidian's `![[photo.jpg]]` by the file's
/// name anywhere in the vault (or by its path from the vault's root), Markdown's `![](assets/x.png)` and Logseq's
/// `![](../assets/x.png)` by a path from the note's own folder.
public struct NotesFolderImages: Sendable {
    /// An image found: its path from the folder's root, and the path to read it by (in the archive).
    public struct Image: Sendable, Equatable {
        public var path: String
        public var file: String
    }

    /// What a link comes to.
    public enum Resolution: Equatable {
        case found(Image)
        /// A path that climbs out of the folder (`../../x.png` from the root): never looked for.
        case outside
        case missing
    }

    private var byPath: [String: Image] = [:]
    private var byName: [String: Image] = [:]

    /// - Parameter images: each image's path from the folder's root and the path to read it by.
    public init(_ images: [(path: String, file: String)]) {
        // The shortest path wins a name, as Obsidian picks the image nearest the root.
        for image in images.sorted(by: { ($0.path.count, $0.path) < ($1.path.count, $1.path) }) {
            let found = Image(path: image.path, file: image.file)
            byPath[image.path] = byPath[image.path] ?? found
            let name = (image.path.split(separator: "/").last.map(String.init) ?? image.path).lowercased()
            byName[name] = byName[name] ?? found
        }
    }

    /// - Parameters:
    ///   - link: the target as written (percent-encoded or in `<…>`, with a `#…` or `|…` part), already without
    ///     the link's brackets.
    ///   - note: the path of the note that holds it.
    ///   - byName: whether a bare name may be looked for anywhere (Obsidian's wiki embeds).
    public func resolve(_ link: String, from note: String, byName: Bool) -> Resolution {
        var target = link.trimmingCharacters(in: .whitespaces)
        if target.hasPrefix("<"), target.hasSuffix(">") { target = String(target.dropFirst().dropLast()) }
        target = target.removingPercentEncoding ?? target
        if let bar = target.firstIndex(of: "|") { target = String(target[..<bar]) }
        target = target.trimmingCharacters(in: .whitespaces)
        guard !target.isEmpty else { return .missing }
        let folder = note.split(separator: "/").dropLast().map(String.init)
        let fromNote = Self.normalized(target.hasPrefix("/") ? [] : folder, target)
        let fromRoot = Self.normalized([], target)
        if fromNote == nil && fromRoot == nil { return .outside }
        for path in [fromNote, fromRoot].compactMap({ $0 }) {
            if let image = byPath[path] { return .found(image) }
        }
        if byName || !target.contains("/") {
            let name = (target.split(separator: "/").last.map(String.init) ?? target).lowercased()
            if let image = self.byName[name] { return .found(image) }
        }
        return fromNote == nil ? .outside : .missing
    }

    /// `target` followed from `folder`, with `.` and `..` walked; nil when it climbs above the root.
    static func normalized(_ folder: [String], _ target: String) -> String? {
        var parts = folder
        for part in target.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
