import DaybookCore
import Foundation
import Testing

@testable import DaybookMedia

@Suite("Markdown against hostile input")
struct MarkdownSafetyTests {
    private static let rel = #"rel="noopener noreferrer nofollow""#
    private static let photo = UUID(uuidString: "6F1C2A3B-4D5E-4F60-8172-93A4B5C6D7E8")!
    private let markdown = CMarkRenderer()

    private func html(_ source: String, photos: MarkdownPhotoLookup = .none) -> String {
        let html = markdown.html(source, photos: photos, language: .english)
        #expect(SafeHTML.problems(in: html) == [], "\(source.debugDescription) → \(html)")
        return html
    }

    @Test(
        "raw HTML is shown as typed, never run",
        arguments: [
            ("<script>alert('x')</script>", "<p>&lt;script&gt;alert('x')&lt;/script&gt;</p>\n"),
            ("a <script>alert(1)</script> b", "<p>a &lt;script&gt;alert(1)&lt;/script&gt; b</p>\n"),
            ("<img src=x onerror=alert(1)>", "<p>&lt;img src=x onerror=alert(1)&gt;</p>\n"),
            (
                "<div onclick=\"x()\">\nhi\n</div>",
                "<p>&lt;div onclick=&quot;x()&quot;&gt;<br />\nhi<br />\n&lt;/div&gt;</p>\n"
            ),
            (
                "<a href=\"javascript:alert(1)\">x</a>",
                "<p>&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;</p>\n"
            ),
            ("x <svg onload=alert(1)>", "<p>x &lt;svg onload=alert(1)&gt;</p>\n"),
            ("<!-- hidden -->", "<p>&lt;!-- hidden --&gt;</p>\n"),
            ("<style>body{display:none}</style>", "<p>&lt;style&gt;body{display:none}&lt;/style&gt;</p>\n"),
            (#"Tom & "Jerry""#, "<p>Tom &amp; &quot;Jerry&quot;</p>\n"),
        ])
    func rawHTML(source: String, expected: String) {
        #expect(html(source) == expected)
    }

    @Test("http, https and mailto links are kept with rel, and their URLs escaped")
    func safeLinks() {
        #expect(
            html("[site](https://example.com/?a=1&b=2) [me](MAILTO:me@example.com)")
                == #"<p><a \#(Self.rel) href="https://example.com/?a=1&amp;b=2">site</a> "#
                + #"<a \#(Self.rel) href="MAILTO:me@example.com">me</a></p>"# + "\n")
        #expect(
            html(#"[x](https://a.example/"onmouseover="alert(1))"#)
                == #"<p><a \#(Self.rel) href="https://a.example/%22onmouseover=%22alert(1)">x</a></p>"# + "\n")
        #expect(
            html(#"[x](https://a.example "a\" onmouseover=\"alert(1)")"#)
                == #"<p><a \#(Self.rel) href="https://a.example" title="a&quot; onmouseover=&quot;alert(1)">x</a></p>"#
                + "\n")
    }

    @Test(
        "links to any other scheme, or relative ones, show only their text",
        arguments: [
            "[x](javascript:alert(1))", "[x](JaVaScRiPt:alert(1))", "[x]( javascript:alert(1) )",
            "[x](<javascript:alert(1)>)", "[x](&#106;avascript:alert(1))", "[x](&#x6A;&#x61;vascript:alert(1))",
            "[x](javascript&#58;alert(1))", "[x](java&#x09;script:alert(1))", "[x](java%0ascript:alert(1))",
            "[x](\\javascript:alert(1))", "[x](data:text/html;base64,PHNjcmlwdD4=)", "[x](DATA:text/html,<b>)",
            "[x](vbscript:msgbox(1))", "[x](VBScript:msgbox(1))", "[x](/relative/path)", "[x](//evil.example)",
            "[x](file:///etc/passwd)", "[x](#top)", "[x]()", "[x][r]\n\n[r]: javascript:alert(1)",
        ])
    func unsafeLinks(source: String) {
        #expect(html(source) == "<p>x</p>\n")
    }

    @Test("autolinks: bare web addresses and e-mail addresses, and <…> links, only to allowed schemes")
    func autolinks() {
        #expect(
            html("see www.example.com, https://x.example/a?b=1 and me@example.com")
                == #"<p>see <a \#(Self.rel) href="http://www.example.com">www.example.com</a>, "#
                + #"<a \#(Self.rel) href="https://x.example/a?b=1">https://x.example/a?b=1</a> and "#
                + #"<a \#(Self.rel) href="mailto:me@example.com">me@example.com</a></p>"# + "\n")
        #expect(
            html("<https://example.com>")
                == #"<p><a \#(Self.rel) href="https://example.com">https://example.com</a></p>"# + "\n")
        #expect(html("<javascript:alert(1)>") == "<p>javascript:alert(1)</p>\n")
        #expect(html("<JAVASCRIPT:alert(1)> <data:text/html,x>") == "<p>JAVASCRIPT:alert(1) data:text/html,x</p>\n")
        #expect(html("javascript:alert(1)") == "<p>javascript:alert(1)</p>\n")
    }

    @Test("a link's text never holds another link")
    func nestedLinks() {
        #expect(
            html("[see www.example.com](https://a.example)")
                == #"<p><a \#(Self.rel) href="https://a.example">see www.example.com</a></p>"# + "\n")
    }

    @Test("images from elsewhere are never loaded: a web image becomes a link, anything else its description")
    func foreignImages() {
        #expect(
            html("![a cat](http://evil.example/x.png)")
                == #"<p><a \#(Self.rel) href="http://evil.example/x.png">a cat</a></p>"# + "\n")
        #expect(html(#"![<b>"](//evil.example/x.png)"#) == "<p>&lt;b&gt;&quot;</p>\n")
        for source in [
            "![x](data:image/png;base64,iVBORw0KGgo=)", "![x](javascript:alert(1))", "![x](/photos/../etc/passwd)",
            "![x](/photos/\(Self.photo.uuidString)?w=1)", "![x](/photos/not-a-uuid)", "![x](x.png)",
            "![x](https://evil.example/x.png \"t\")".replacingOccurrences(of: "https", with: "ftp"),
        ] {
            #expect(html(source) == "<p>x</p>\n", "\(source)")
        }
        #expect(
            html("[![a cat](https://evil.example/x.png)](https://a.example)")
                == #"<p><a \#(Self.rel) href="https://a.example">a cat</a></p>"# + "\n")
    }

    @Test("Daybook's own photos load lazily at the size shown, with their shape known up front")
    func ownPhotos() {
        let id = Self.photo.uuidString.lowercased()
        let srcset = "/photos/\(id)?w=640 640w, /photos/\(id)?w=1280 1280w, /photos/\(id)?w=2048 2048w"
        let sized = html(
            #"![Our "tent" <at dawn>](/photos/\#(Self.photo.uuidString))"#,
            photos: MarkdownPhotoLookup([Self.photo: .init(width: 4032, height: 3024)]))
        #expect(
            sized
                == #"<p><img src="/photos/\#(id)?w=1280" srcset="\#(srcset)" sizes="\#(MarkdownPhotoTag.sizes)" "#
                + #"width="4032" height="3024" loading="lazy" decoding="async" "#
                + #"alt="Our &quot;tent&quot; &lt;at dawn&gt;" /></p>"# + "\n")
        let unknown = html("![*tent*](/photos/\(id) \"At dawn\")")
        #expect(unknown.contains(#"src="/photos/\#(id)?w=1280""#) && !unknown.contains("width="))
        #expect(unknown.contains(#"alt="tent" title="At dawn" />"#))
        let linked = html("[![tent](/photos/\(id))](https://example.com)")
        #expect(linked.hasPrefix(#"<p><a \#(Self.rel) href="https://example.com"><img src="/photos/\#(id)?w=1280""#))
    }

    @Test(
        "broken and deeply nested markup stays well formed and safe",
        arguments: [
            "<div", "<img src=\"x", "**unclosed *emphasis", "[unclosed](", "[a](b", "`", "<!-- never closed",
            "<![CDATA[ x", "a\u{0}b", "| a |\n|-", "- [ ]", "> > > > > >", "\\", "![", "![](", "&#0; &#xD800; &bogus;",
            String(repeating: ">", count: 5_000) + " deep", String(repeating: "[", count: 20_000) + "x",
            String(repeating: "*a ", count: 10_000), String(repeating: "- ", count: 2_000) + "x",
            String(repeating: "<a", count: 5_000), String(repeating: "~~", count: 10_000),
        ])
    func brokenMarkup(source: String) {
        let output = html(source)
        #expect(!output.isEmpty)
        #expect(
            SpecHTML.normalized(output).components(separatedBy: "<p>").count
                == SpecHTML.normalized(output).components(separatedBy: "</p>").count)
    }

    @Test("a NUL byte becomes U+FFFD and the rest of the text is kept")
    func nulByte() {
        #expect(html("a\u{0}b <c>") == "<p>a\u{FFFD}b &lt;c&gt;</p>\n")
    }

    @Test("renders the same from many threads at once")
    func concurrentUse() async {
        let source = "~~old~~ www.example.com\n\n| a |\n|---|\n| b |\n\n- [x] done"
        let expected = markdown.html(source)
        #expect(expected.contains("<del>old</del>") && expected.contains("<table>") && expected.contains("checked"))
        let results = await withTaskGroup(of: String.self) { group in
            for index in 0..<400 {
                group.addTask {
                    index.isMultiple(of: 2)
                        ? markdown.html(source) : markdown.plainText(source) + "\n" + markdown.html(source)
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.hasSuffix(expected) })
    }
}
