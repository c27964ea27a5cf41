import DaybookCore
import Testing

@testable import DaybookMedia

@Suite("The plain text of Markdown, for search and word counts")
struct MarkdownPlainTextTests {
    private let markdown = CMarkRenderer()

    @Test("markup goes; the text of links, images, code and raw HTML stays")
    func markupRemoved() {
        #expect(
            markdown.plainText("# Trip\n\nA **good** day at [the lake](https://a.example) ![tent at dawn](/photos/x)")
                == "Trip\nA good day at the lake tent at dawn")
        #expect(
            markdown.plainText("`let x = 1` and <b>bold</b>\n\n```\ncode block\n```")
                == "let x = 1 and <b>bold</b>\ncode block")
        #expect(markdown.plainText("~~old~~ www.example.com") == "old www.example.com")
    }

    @Test("list items and table cells are separated by whitespace")
    func separated() {
        #expect(markdown.plainText("- [ ] milk\n- [x] eggs\n1. one\n2. two") == "milk\neggs\none\ntwo")
        #expect(markdown.plainText("| a | b |\n|---|---|\n| 1 | 2 |") == "a\nb\n1\n2")
        #expect(markdown.plainText("> quoted\nline\n\nafter  \nbreak") == "quoted line\nafter\nbreak")
    }

    @Test("the mirror's words are the words a person reads")
    func wordCount() {
        let source =
            "## 오늘\n\n- [x] **학교**에 갔다\n- 東京で[友達](https://a.example)に会った\n\n| 時間 | note |\n|---|---|\n| 9 | coffee |"
        #expect(WordCount.words(in: markdown.plainText(source)) == 1 + 2 + 9 + 5)
        #expect(markdown.plainText("   ") == "")
    }
}
