import DaybookCore
import DaybookHostileText
import Foundation
import Testing

@testable import DaybookMedia

/// Markdown written to hurt: what an import or a rebinding page could store as an entry, which every view renders
/// again. Each renders to a bounded size (the times are in `Benchmarks/markdown-hostile`).
@Suite("Hostile Markdown stays small")
struct HostileMarkdownTests {
    private let markdown = CMarkRenderer()

    static func wideHeaderTable(columns: Int = 500, rows: Int = 2_000) -> String {
        HostileMarkdown.wideHeaderTable(columns: columns, rows: rows)
    }

    @Test("a wide header over thousands of short rows is shown as its text, with a sentence saying why")
    func wideTable() {
        let source = Self.wideHeaderTable()
        #expect(source.utf8.count < 16_500)
        let html = markdown.html(source)
        #expect(html.utf8.count < 2 * source.utf8.count)
        #expect(!html.contains("<table"))
        #expect(html.contains(#"<p class="md-held">This table is shown as typed"#))
        #expect(html.contains("<pre><code>| a | a |"))
        // The words stay searchable.
        #expect(markdown.plainText(source).contains("|x|"))
    }

    @Test("the sentence is in the reader's language")
    func heldTableInKorean() {
        let html = markdown.html(Self.wideHeaderTable(), photos: .none, language: .korean)
        #expect(html.contains("이 표는 입력한 그대로 보여 줍니다"))
    }

    @Test("a table typed out cell by cell is drawn as a table, however large")
    func typedTable() {
        let row = "|" + String(repeating: " 1 |", count: 40) + "\n"
        let source = row + "|" + String(repeating: "---|", count: 40) + "\n" + String(repeating: row, count: 500)
        let html = markdown.html(source)
        #expect(html.contains("<table>"))
        #expect(!html.contains("md-held"))
        #expect(html.components(separatedBy: "<td>").count - 1 == 40 * 500)
    }

    @Test("a table with a few short rows under a header is still a table")
    func shortRows() {
        let html = markdown.html("| a | b | c |\n|---|:-:|--:|\n| 1 |\n| 2 | 3 |\n\nafter")
        #expect(html.contains("<table>"))
        #expect(html.contains("<p>after</p>"))
    }

    @Test("a held table keeps its place: inside a block quote, between paragraphs, and the rest renders as before")
    func heldTableInBlockQuote() {
        let table = Self.wideHeaderTable(columns: 200, rows: 400).split(separator: "\n").map { "> " + $0 }
            .joined(separator: "\n")
        let source = "Before **bold**\n\n" + table + "\n\nAfter [link](https://example.org)"
        let html = markdown.html(source)
        #expect(html.hasPrefix("<p>Before <strong>bold</strong></p>\n<blockquote>\n<p class=\"md-held\">"))
        #expect(html.contains("<pre><code>| a |"))
        #expect(!html.contains("&gt; |"))
        #expect(
            html.hasSuffix(
                #"<p>After <a rel="noopener noreferrer nofollow" href="https://example.org">link</a></p>"# + "\n"))
    }

    @Test("tables hidden behind carriage returns or fake delimiter rows are counted too")
    func evasions() {
        let crOnly = Self.wideHeaderTable().replacingOccurrences(of: "\n", with: "\r")
        #expect(markdown.html(crOnly).utf8.count < 2 * crOnly.utf8.count)
        // A delimiter row that makes no table (its header has another width) does not hide a real one after it.
        let fake = "| a |\n|-|-|\n" + Self.wideHeaderTable()
        #expect(markdown.html(fake).utf8.count < 2 * fake.utf8.count)
        // Lines of dashes one after another: each could start a table under the line before it; together they
        // share the document's allowance.
        let dashes = String(repeating: "|" + String(repeating: "-|", count: 20) + "\n", count: 2_000)
        #expect(markdown.html(dashes).utf8.count <= MarkdownLimits.htmlBytes(markdownBytes: dashes.utf8.count))
        // A header wider than any table a person reads.
        let wide = String(repeating: "a|", count: 30_000) + "\n|-|\n"
        let html = markdown.html(wide)
        #expect(html.contains("md-held") && html.utf8.count < 2 * wide.utf8.count)
    }

    @Test("text written as people write it reaches cmark unchanged")
    func ordinaryTextUnchanged() {
        let text = """
            # A day by the sea

            > Quoted, with **bold**, _light_ and `code <?x?>`
            > - a list inside
            >   1. and a numbered one
            >      - [ ] a task

            See [the tide table][tides], ![a photo](/photos/0f0f0f0f-0000-4000-8000-000000000000) and www.example.org.
            Mail me@example.org.

            * * *

            | when | what |
            |:-----|-----:|
            | 9:00 | swim |

            [tides]: https://example.org/tides "Tides"
            """
        #expect(CMarkSyntaxLimit.limited(text) == text)
        #expect(CMarkSyntaxLimit.autolinkIsSafe(text))
        let tables = CMarkTableLimit(text)
        #expect(tables.parsed == text && tables.held.isEmpty)
    }

    @Test("reference links keep working when their definitions are listed at the end, one a line")
    func referencesAtTheEnd() {
        let links = (1...40).map { "See [note \($0)][n\($0 % 20)]." }.joined(separator: "\n")
        let definitions = (0..<20).map {
            "[n\($0)]: https://example.org/notes/\($0)/" + String(repeating: "x", count: 40) + " \"Note \($0)\""
        }
        .joined(separator: "\n")
        let text = links + "\n\n" + definitions
        #expect(CMarkSyntaxLimit.limited(text) == text)
        let html = markdown.html(text)
        #expect(html.components(separatedBy: "<a rel=").count - 1 == 40)
    }

    @Test("a long title running over the next definition's line is still counted")
    func titleOverFakeDefinitions() {
        let title = (0..<50).map { "[f\($0)]: " + String(repeating: "t", count: 200) }.joined(separator: "\n")
        let text = "[a]: /u \"" + title + "\"\n\n" + String(repeating: "[a]", count: 20_000)
        let html = markdown.html(text)
        #expect(html.utf8.count <= MarkdownLimits.htmlBytes(markdownBytes: text.utf8.count))
    }

    @Test(
        "cmark's pathological inputs render within the bound and under 1 MB",
        arguments: HostileMarkdown.cases.map(\.name))
    func pathologicalInput(name: String) throws {
        let text = try #require(HostileMarkdown.cases.first { $0.name == name }?.text)
        let html = markdown.html(text)
        #expect(html.utf8.count <= MarkdownLimits.htmlBytes(markdownBytes: text.utf8.count), "\(name)")
        #expect(html.utf8.count <= 1_048_576, "\(name): \(html.utf8.count) bytes")
        #expect(markdown.plainText(text).utf8.count <= 2 * text.utf8.count + 64, "\(name)")
    }
}
