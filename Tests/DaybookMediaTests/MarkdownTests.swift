import DaybookCore
import Foundation
import Testing

@testable import DaybookMedia

@Suite("Markdown, rendered safely by cmark-gfm")
struct MarkdownTests {
    private static let rel = #"rel="noopener noreferrer nofollow""#
    private let markdown = CMarkRenderer()

    private func html(_ source: String, photos: MarkdownPhotoLookup = .none) -> String {
        let html = markdown.html(source, photos: photos, language: .english)
        #expect(SafeHTML.problems(in: html) == [], "\(source.debugDescription) → \(html)")
        return html
    }

    @Test("empty and whitespace-only text renders nothing")
    func emptyInput() {
        #expect(html("") == "")
        #expect(html("  \n\t\n \r\n") == "")
    }

    @Test("blank lines separate paragraphs and a single newline stays within one, also with CRLF")
    func paragraphs() {
        #expect(html("one\ntwo\n\nthree") == "<p>one\ntwo</p>\n<p>three</p>\n")
        #expect(html("one\r\ntwo\r\n\r\nthree\r\n") == "<p>one\ntwo</p>\n<p>three</p>\n")
        #expect(html("one  \ntwo") == "<p>one<br />\ntwo</p>\n")
    }

    @Test("headings keep their level and get no ids")
    func headings() {
        #expect(
            html("# A\n## B ##\n### C#\n###### D\n#tag")
                == "<h1>A</h1>\n<h2>B</h2>\n<h3>C#</h3>\n<h6>D</h6>\n<p>#tag</p>\n")
    }

    @Test("bulleted lists accept -, * and +; a change of marker starts a new list")
    func bulletedList() {
        #expect(
            html("- one\n- **two**\n\n- three")
                == "<ul>\n<li>\n<p>one</p>\n</li>\n<li>\n<p><strong>two</strong></p>\n</li>\n<li>\n<p>three</p>\n</li>\n</ul>\n"
        )
        #expect(html("- one\n* two\n+ three").components(separatedBy: "<ul>").count == 4)
    }

    @Test("numbered lists keep a start other than 1")
    func numberedList() {
        #expect(html("1. a\n2. b") == "<ol>\n<li>a</li>\n<li>b</li>\n</ol>\n")
        #expect(html("3. c\n4. d") == "<ol start=\"3\">\n<li>c</li>\n<li>d</li>\n</ol>\n")
    }

    @Test("task items show disabled checkboxes")
    func taskItems() {
        #expect(
            html("- [ ] call mum\n- [x] *water* plants")
                == "<ul>\n<li><input type=\"checkbox\" disabled=\"\" /> call mum</li>\n"
                + "<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> <em>water</em> plants</li>\n</ul>\n")
    }

    @Test("consecutive quote lines form one block quote with inline formatting")
    func blockquote() {
        #expect(
            html("> quoted *text*\n> more\n\nafter")
                == "<blockquote>\n<p>quoted <em>text</em>\nmore</p>\n</blockquote>\n<p>after</p>\n")
    }

    @Test("fenced code is escaped verbatim, and an unclosed fence runs to the end")
    func fencedCode() {
        #expect(
            html("```swift\nlet a = \"<b>\" && *x*\n```\nafter")
                == "<pre><code class=\"language-swift\">let a = &quot;&lt;b&gt;&quot; &amp;&amp; *x*\n</code></pre>\n"
                + "<p>after</p>\n")
        #expect(html("```\nopen <i>\n\nstill code") == "<pre><code>open &lt;i&gt;\n\nstill code\n</code></pre>\n")
        #expect(
            html(#"```"><script>alert(1)</script>"# + "\nx\n```").hasPrefix(
                "<pre><code class=\"language-&quot;&gt;&lt;script&gt;"))
    }

    @Test("---, *** and ___ alone on a line are rules")
    func rules() {
        #expect(html("a\n\n---\n***\n ___ ") == "<p>a</p>\n<hr />\n<hr />\n<hr />\n")
    }

    @Test("inline code, strong, emphasis and strikethrough")
    func inlineKinds() {
        #expect(
            html("`a *b* <c>` **s** __t__ *e* _f_ ~~d~~")
                == "<p><code>a *b* &lt;c&gt;</code> <strong>s</strong> <strong>t</strong> <em>e</em> <em>f</em> "
                + "<del>d</del></p>\n")
        #expect(
            html("***both*** and *a **b** c*")
                == "<p><em><strong>both</strong></em> and <em>a <strong>b</strong> c</em></p>\n")
    }

    @Test("underscores inside words are not emphasis")
    func underscoresInWords() {
        #expect(html("snake_case_word and my_file_name.txt") == "<p>snake_case_word and my_file_name.txt</p>\n")
    }

    @Test("unmatched markers and backslash-escaped punctuation stay literal")
    func literalMarkers() {
        #expect(html("2 * 3 = 6, **open, *half, ~~one, `tick") == "<p>2 * 3 = 6, **open, *half, ~~one, `tick</p>\n")
        #expect(html(#"\*not em\* \_x\_ \`y\` \[z\]"#) == "<p>*not em* _x_ `y` [z]</p>\n")
    }

    @Test("tables keep their alignment")
    func tables() {
        #expect(
            html("| a | b |\n|:-|-:|\n| 1 | 2 |")
                == "<table>\n<thead>\n<tr>\n<th align=\"left\">a</th>\n<th align=\"right\">b</th>\n</tr>\n</thead>\n"
                + "<tbody>\n<tr>\n<td align=\"left\">1</td>\n<td align=\"right\">2</td>\n</tr>\n</tbody>\n</table>\n")
    }
}
