import ArgumentParser
import DaybookCore
import Foundation

struct JournalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Write, list, read, edit, search and delete journal entries on a running Daybook.",
        subcommands: [New.self, List.self, Show.self, Edit.self, Search.self, Remove.self])

    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Write a new entry; the text comes from standard input, or from $EDITOR at a terminal.",
            discussion: """
                Example: echo 'A quiet morning.' | daybook journal new --title Sunday --tag walk --at 37.5665,126.978
                """)
        @OptionGroup var server: ServerOptions
        @Option(help: "The title.") var title: String?
        @Option(name: .customLong("tag"), help: "A tag (repeat for more).") var tags: [String] = []
        @Option(help: "When it was written: YYYY-MM-DD or YYYY-MM-DDTHH:MM (default now).") var date: String?
        @Flag(help: "Star the entry.") var starred = false
        @Option(help: "Where it was written: LAT,LON in degrees (named after the nearest city).")
        var at: String?
        @Option(help: "A name for the place (with --at), instead of the nearest city's.") var place: String?

        func validate() throws {
            if let at, Coordinate(text: at) == nil {
                throw ValidationError("--at takes LAT,LON in degrees, such as 37.5665,126.978.")
            }
            if place != nil, at == nil { throw ValidationError("--place names the point given with --at.") }
        }

        func run() async throws {
            let body = try JournalCommand.readBody(current: "")
            var json: [String: Any] = ["body": body, "tags": tags, "starred": starred]
            if let title { json["title"] = title }
            if let date { json["date"] = date }
            if let point = at.flatMap(Coordinate.init(text:)) {
                var place: [String: Any] = ["latitude": point.latitude, "longitude": point.longitude]
                if let name = self.place { place["name"] = name }
                json["place"] = place
            }
            let data = try await perform { try await server.client().send("POST", "api/v1/entries", json: json) }
            let entry = try JournalCommand.object(data)
            print(entry["id"] as? String ?? "")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Entries newest first.")
        @OptionGroup var server: ServerOptions
        @Option(help: "Only entries with this tag.") var tag: String?
        @Flag(help: "Only starred entries.") var starred = false
        @Option(help: "How many entries at most.") var limit = 50
        @Option(help: "plain or json.") var format: OutputFormat = .plain

        func run() async throws {
            var rows: [[String: Any]] = []
            var after: String?
            repeat {
                var query = [String]()
                if let tag { query.append("tag=\(URLText.component(tag))") }
                if starred { query.append("starred=true") }
                if let after { query.append("after=\(URLText.component(after))") }
                let path = "api/v1/entries" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
                let page = try JournalCommand.object(try await perform { try await server.client().send("GET", path) })
                rows += page["entries"] as? [[String: Any]] ?? []
                after = page["next"] as? String
            } while after != nil && rows.count < limit
            rows = Array(rows.prefix(limit))
            if format == .json {
                print(
                    String(
                        decoding: try JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys]),
                        as: UTF8.self))
                return
            }
            for row in rows { print(JournalCommand.line(row)) }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print one entry as Markdown.")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The entry's id.") var id: String
        @Option(help: "plain or json.") var format: OutputFormat = .plain

        func run() async throws {
            let data = try await perform { try await server.client().send("GET", JournalCommand.path(id)) }
            if format == .json {
                print(String(decoding: data, as: UTF8.self))
                return
            }
            let entry = try JournalCommand.object(data)
            let tags = (entry["tags"] as? [String] ?? []).map { "#\($0)" }.joined(separator: " ")
            let place = (entry["place"] as? [String: Any])?["label"] as? String
            print(
                "\(entry["date"] as? String ?? "")\((entry["starred"] as? Bool ?? false) ? " ★" : "")"
                    + (place.map { "  📍 \($0)" } ?? ""))
            if let title = entry["title"] as? String, !title.isEmpty { print("# \(title)") }
            if !tags.isEmpty { print(tags) }
            print("\n" + (entry["body"] as? String ?? ""))
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit an entry's text in $EDITOR (or replace it from standard input).")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The entry's id.") var id: String
        @Option(help: "A new title.") var title: String?

        func run() async throws {
            let client = try server.client()
            let entry = try JournalCommand.object(
                try await perform { try await client.send("GET", JournalCommand.path(id)) })
            let body = try JournalCommand.readBody(current: entry["body"] as? String ?? "")
            var json: [String: Any] = ["body": body, "revision": entry["revision"] as? Int ?? 0]
            if let title { json["title"] = title }
            // Saved from the revision read above: a change made meanwhile elsewhere is refused, not overwritten.
            _ = try await perform { try await client.send("PATCH", JournalCommand.path(id), json: json) }
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search the journal (any language), best matches first.",
            discussion: "Example: daybook journal search 학교 --format json")
        @OptionGroup var server: ServerOptions
        @Argument(help: "What to look for.") var query: String
        @Option(help: "Only entries with this tag.") var tag: String?
        @Option(help: "How many results at most (1–100).") var limit = 20
        @Option(help: "plain or json.") var format: OutputFormat = .plain

        func run() async throws {
            var path = "api/v1/search?q=\(URLText.component(query))&limit=\(limit)"
            if let tag { path += "&tag=\(URLText.component(tag))" }
            try Self.show(try await perform { try await server.client().send("GET", path) }, format: format)
        }

        /// What `GET /api/v1/search` answers that the list shows.
        struct Answer: Decodable {
            struct Hit: Decodable {
                var id: String
                var dateTime: String
                var title: String
                var isStarred: Bool
                var tags: [String]
                var placeLabel: String?
                var snippetHTML: String
            }
            var results: [Hit]
        }

        /// Prints a page of `/api/v1/search`: each entry's line and its snippet, or the JSON as it came.
        static func show(_ data: Data, format: OutputFormat) throws {
            if format == .json {
                print(String(decoding: data, as: UTF8.self))
                return
            }
            // Matches in bold on a terminal; a pipe or a file gets plain text.
            let terminal = isatty(STDOUT_FILENO) == 1
            let marks = terminal ? ("\u{1B}[1m", "\u{1B}[0m") : ("", "")
            var text = ""
            for hit in try JSONDecoder().decode(Answer.self, from: data).results {
                let line = JournalCommand.line(
                    id: hit.id, date: hit.dateTime, title: hit.title, starred: hit.isStarred, tags: hit.tags,
                    place: hit.placeLabel)
                text += "\(line)\n    \(JournalCommand.plainText(hit.snippetHTML, marks: marks))\n"
            }
            print(text, terminator: "")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Move an entry to the trash (kept there 30 days).")
        @OptionGroup var server: ServerOptions
        @Argument(help: "The entry's id.") var id: String

        func run() async throws {
            _ = try await perform { try await server.client().send("DELETE", JournalCommand.path(id)) }
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    static func path(_ id: String) -> String {
        "api/v1/entries/" + URLText.component(id)
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static func line(_ row: [String: Any]) -> String {
        line(
            id: row["id"] as? String ?? "", date: row["dateTime"] as? String ?? "",
            title: row["title"] as? String ?? "",
            starred: row["isStarred"] as? Bool ?? false, tags: row["tags"] as? [String] ?? [],
            place: row["placeLabel"] as? String)
    }

    /// An entry on one line: id, date, title, then a star, its tags and its place when it has them.
    static func line(id: String, date: String, title: String, starred: Bool, tags: [String], place: String?) -> String {
        var line = "\(id)  \(date)  \(title)"
        if starred { line += " ★" }
        if !tags.isEmpty { line += "  " + tags.map { "#\($0)" }.joined(separator: " ") }
        if let place { line += "  📍 \(place)" }
        return line
    }

    /// The text of a snippet's HTML (escaped text with `<mark>` around matches), with `marks` around matches,
    /// on one line: a snippet across paragraphs would break the list's layout.
    static func plainText(_ html: String, marks: (open: String, close: String)) -> String {
        let replacements = [
            ("<mark>", marks.open), ("</mark>", marks.close), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""),
            ("&#39;", "'"), ("&amp;", "&"),
        ]
        var text = ""
        var rest = Substring(html)
        var lineBreak = false
        while let first = rest.first {
            if first.isNewline {
                lineBreak = !text.isEmpty
                rest.removeFirst()
                continue
            }
            if lineBreak {
                text += " "
                lineBreak = false
            }
            if first == "<" || first == "&",
                let (found, replacement) = replacements.first(where: { rest.hasPrefix($0.0) })
            {
                text += replacement
                rest = rest.dropFirst(found.count)
            } else {
                text.append(first)
                rest.removeFirst()
            }
        }
        return text
    }

    /// The entry's text: standard input when it is not a terminal, else what is saved in `$EDITOR`.
    static func readBody(current: String) throws -> String {
        if isatty(FileHandle.standardInput.fileDescriptor) == 0 {
            return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        return try LogCommand.edited(current)
    }
}
