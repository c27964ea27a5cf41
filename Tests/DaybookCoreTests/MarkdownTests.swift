import Testing

@testable import DaybookCore

@Suite("Reflection Markdown")
struct MarkdownTests {
    private static let rel = #"rel="noopener noreferrer nofollow""#

    @Test("empty and whitespace-only text renders nothing")
    func emptyInput() {
        #expect(Markdown.html("") == "")
        #expect(Markdown.html("  \n\t\n \r\n") == "")
    }

    @Test("blank lines separate paragraphs and single newlines become <br>, also with CRLF")
    func paragraphs() {
        #expect(Markdown.html("one\ntwo\n\nthree") == "<p>one<br>two</p>\n<p>three</p>")
        #expect(Markdown.html("one\r\ntwo\r\n\r\nthree\r\n") == "<p>one<br>two</p>\n<p>three</p>")
    }

    @Test("headings start at h3 because the page already has h1 and h2")
    func headings() {
        #expect(
            Markdown.html("# A\n## B ##\n### C#\n###### D\n#tag")
                == "<h3>A</h3>\n<h4>B</h4>\n<h5>C#</h5>\n<h5>D</h5>\n<p>#tag</p>")
    }

    @Test("bulleted lists accept -, * and +, with blank lines between items")
    func bulletedList() {
        #expect(
            Markdown.html("- one\n* **two**\n\n+ three\n\nafter")
                == "<ul><li>one</li><li><strong>two</strong></li><li>three</li></ul>\n<p>after</p>")
    }

    @Test("numbered lists keep a start other than 1")
    func numberedList() {
        #expect(Markdown.html("1. a\n2) b") == "<ol><li>a</li><li>b</li></ol>")
        #expect(Markdown.html("3. c\n4. d") == #"<ol start="3"><li>c</li><li>d</li></ol>"#)
    }

    @Test("task items show disabled checkboxes")
    func taskItems() {
        #expect(
            Markdown.html("- [ ] call mum\n- [x] *water* plants")
                == #"<ul><li class="task"><input type="checkbox" disabled> call mum</li>"#
                + #"<li class="task"><input type="checkbox" disabled checked> <em>water</em> plants</li></ul>"#)
    }

    @Test("consecutive quote lines form one block quote with inline formatting")
    func blockquote() {
        #expect(
            Markdown.html("> quoted *text*\n> more\n\nafter")
                == "<blockquote><p>quoted <em>text</em><br>more</p></blockquote>\n<p>after</p>")
    }

    @Test("fenced code is escaped verbatim, and an unclosed fence runs to the end")
    func fencedCode() {
        #expect(
            Markdown.html("```swift\nlet a = \"<b>\" && *x*\n```\nafter")
                == "<pre><code>let a = &quot;&lt;b&gt;&quot; &amp;&amp; *x*\n</code></pre>\n<p>after</p>")
        #expect(
            Markdown.html("```\nopen <i>\n\nstill code") == "<pre><code>open &lt;i&gt;\n\nstill code\n</code></pre>")
    }

    @Test("---, *** and ___ alone on a line are rules")
    func rules() {
        #expect(Markdown.html("a\n\n---\n***\n ___ ") == "<p>a</p>\n<hr>\n<hr>\n<hr>")
    }

    @Test("inline code, strong, emphasis and strikethrough")
    func inlineKinds() {
        #expect(
            Markdown.html("`a *b* <c>` **s** __t__ *e* _f_ ~~d~~")
                == "<p><code>a *b* &lt;c&gt;</code> <strong>s</strong> <strong>t</strong> <em>e</em> <em>f</em> "
                + "<del>d</del></p>")
        #expect(
            Markdown.html("***both*** and *a **b** c*")
                == "<p><em><strong>both</strong></em> and <em>a <strong>b</strong> c</em></p>")
    }

    @Test("underscores inside words are not emphasis")
    func underscoresInWords() {
        #expect(Markdown.html("snake_case_word and my_file_name.txt") == "<p>snake_case_word and my_file_name.txt</p>")
    }

    @Test("unmatched markers and backslash-escaped punctuation stay literal")
    func literalMarkers() {
        #expect(
            Markdown.html("2 * 3 = 6, **open, *half, ~~one, `tick") == "<p>2 * 3 = 6, **open, *half, ~~one, `tick</p>")
        #expect(
            Markdown.html(#"\*not em\* \_x\_ \`y\` \[z\](https://a.example)"#)
                == "<p>*not em* _x_ `y` [z](https://a.example)</p>")
    }

    @Test("raw HTML and quotes are shown as text")
    func rawHTMLIsEscaped() {
        #expect(
            Markdown.html("<script>alert('x')</script>")
                == "<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>")
        #expect(Markdown.html("<img src=x onerror=alert(1)>") == "<p>&lt;img src=x onerror=alert(1)&gt;</p>")
        #expect(Markdown.html(#"Tom & "Jerry""#) == "<p>Tom &amp; &quot;Jerry&quot;</p>")
    }

    @Test("http, https and mailto links are kept, with escaped URLs")
    func safeLinks() {
        #expect(
            Markdown.html("[site](https://example.com/?a=1&b=2) [me](MAILTO:me@example.com)")
                == #"<p><a href="https://example.com/?a=1&amp;b=2" \#(Self.rel)>site</a> "#
                + #"<a href="MAILTO:me@example.com" \#(Self.rel)>me</a></p>"#)
        #expect(
            Markdown.html(#"[x](https://a.example/"onmouseover="alert(1))"#)
                == #"<p><a href="https://a.example/&quot;onmouseover=&quot;alert(1)" \#(Self.rel)>x</a></p>"#)
    }

    @Test(
        "links to any other scheme, or relative ones, show only their text",
        arguments: [
            "[x](javascript:alert(1))", "[x](JaVaScRiPt:alert(1))", "[x]( javascript:alert(1) )",
            "[x](data:text/html;base64,PHNjcmlwdD4=)", "[x](vbscript:msgbox(1))", "[x](/relative/path)",
            "[x](//evil.example)",
        ])
    func unsafeLinks(source: String) {
        #expect(Markdown.html(source) == "<p>x</p>")
    }

    @Test("images are never loaded: only their alt text is shown")
    func images() {
        #expect(Markdown.html("![a cat](http://evil.example/x.png)") == "<p>a cat</p>")
        #expect(Markdown.html(#"![<b>"](https://a.example/x.png)"#) == "<p>&lt;b&gt;&quot;</p>")
    }

    @Test("emphasis inside link text and list items")
    func nestedInline() {
        #expect(
            Markdown.html("- see [**bold** and *em*](https://example.com)\n- ~~old~~ `new`")
                == #"<ul><li>see <a href="https://example.com" \#(Self.rel)><strong>bold</strong> and <em>em</em></a>"#
                + "</li><li><del>old</del> <code>new</code></li></ul>")
    }

    @Test("a numbered line inside a paragraph stays text unless it starts at 1")
    func numberInParagraph() {
        #expect(
            Markdown.html("we met at\n2. floor\n1. first") == "<p>we met at<br>2. floor</p>\n<ol><li>first</li></ol>")
    }
}
