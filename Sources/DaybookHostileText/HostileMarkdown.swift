import Foundation

/// Markdown written to hurt a renderer: cmark's own list of pathological inputs, cmark-gfm's, and the inputs of its
/// 2023 advisories, as the tests and `markdown-benchmark` read them.
public enum HostileMarkdown {
    /// A wide header over many one-cell rows: `columns` × `rows` cells from a few bytes a row.
    public static func wideHeaderTable(columns: Int = 500, rows: Int = 2_000) -> String {
        "|" + String(repeating: " a |", count: columns) + "\n|" + String(repeating: "-|", count: columns) + "\n"
            + String(repeating: "|x|\n", count: rows)
    }

    /// cmark's own list of pathological inputs (its `test/pathological_tests.py`), cmark-gfm's, and the inputs of
    /// cmark-gfm's 2023 advisories, each at about 100 KB (a tenth of what one render takes).
    public static let cases: [(name: String, text: String)] = [
        ("nested strong emph", repeated("*a **a ", 7_000) + "b" + repeated(" a** a*", 7_000)),
        ("many emph closers with no openers", repeated("a_ ", 30_000)),
        ("many emph openers with no closers", repeated("_a ", 30_000)),
        ("many link closers with no openers", repeated("a]", 30_000)),
        ("many link openers with no closers", repeated("[a", 30_000)),
        ("mismatched openers and closers", repeated("*a_ ", 25_000)),
        ("openers and closers multiple of 3", "a**b" + repeated("c* ", 30_000)),
        ("link openers and emph closers", repeated("[ a_", 25_000)),
        ("pattern [ (]( repeated", repeated("[ (](", 20_000)),
        ("pattern ![[]() repeated", repeated("![[]()", 16_000)),
        ("hard link/emph case", "**x [a*b**c*](d)"),
        ("nested brackets", repeated("[", 30_000) + "a" + repeated("]", 30_000)),
        ("nested block quotes", repeated("> ", 30_000) + "a"),
        ("deeply nested lists", (0..<300).map { repeated("  ", $0) + "* a\n" }.joined()),
        ("U+0000 in input", "abc\u{0}de\u{0}"),
        ("backticks", (1..<450).map { "e" + repeated("`", $0) }.joined()),
        ("unclosed links A", repeated("[a](<b", 16_000)),
        ("unclosed links B", repeated("[a](b", 20_000)),
        ("unclosed <!--", "</" + repeated("<!--", 25_000)),
        ("empty lines in deeply nested lists", repeated("- ", 30_000) + "x" + repeated("\n", 30_000)),
        (
            "empty lines in deeply nested lists in a block quote",
            "> " + repeated("- ", 25_000) + "x\n" + repeated(">\n", 25_000)
        ),
        ("emph in deep blockquote", repeated(">", 30_000) + "a*" + repeated("*", 30_000)),
        ("many references", (1..<10_000).map { "[\($0)]: u\n" }.joined() + repeated("[0] ", 1_200)),
        ("reference expansion", "[a]: /" + repeated("x", 10_000) + "\n\n" + repeated("[a]", 30_000)),
        ("many table rows", "| a | b |\n|---|---|\n" + repeated("| x | y |\n", 10_000)),
        ("many table columns", repeated("|a", 10_000) + "\n" + repeated("|-", 10_000) + "\n" + repeated("|b", 10_000)),
        ("a long paragraph over a delimiter row", repeated("a|", 30_000) + "\n|-|\n"),
        ("emphasis openers before closers (cmark #389)", repeated("*a ", 12_500) + repeated("_a*_ ", 12_500)),
        ("the same, a line each", repeated("*a\n", 12_500) + repeated("_a*_\n", 12_500)),
        ("processing instructions", repeated("a <?", 25_000)),
        ("CDATA", repeated("a <![CDATA[", 9_000)),
        ("declarations", repeated("a <!A ", 16_000)),
        ("many autolinks", repeated("www.a.b ", 12_500)),
        ("autolink underscores", "www.a" + repeated("_", 60_000)),
        ("autolink trailing parentheses", "www.a.com/" + repeated(")", 50_000)),
        ("mailto autolinks", repeated("mailto:s@p.com/", 6_600)),
        ("many e-mail addresses", repeated("a@b.cd ", 14_000)),
        ("strikethrough runs", repeated("~~a ", 25_000)),
        ("tasks", repeated("- [ ] a\n", 12_500)),
        ("the 16 KB table", wideHeaderTable(rows: 3_260)),
    ]

    static func repeated(_ text: String, _ count: Int) -> String {
        String(repeating: text, count: count)
    }
}
