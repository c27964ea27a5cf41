import DaybookCore
import Foundation
import Testing

@testable import DaybookMedia

/// The examples of the GitHub Flavored Markdown spec (the CommonMark spec plus GitHub's extensions), from the
/// `spec.txt` of the cmark-gfm release Daybook links against. `scripts/commonmark-spec` fetches it into
/// `.cache/cmark-gfm/` (`scripts/test` runs it first); it is not kept in the repository.
@Suite("The CommonMark spec's examples")
struct CommonMarkSpecTests {
    struct Example {
        var number: Int
        var section: String
        var markdown: String
        var html: String
        /// The extensions the example is for; examples of CommonMark itself have none.
        var extensions: [String]
    }

    static let specFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".cache/cmark-gfm/spec.txt")

    static func examples() throws -> [Example] {
        guard let text = try? String(contentsOf: specFile, encoding: .utf8) else {
            Issue.record(
                "The spec's examples are missing: \(specFile.path). Run scripts/commonmark-spec (scripts/test does).")
            return []
        }
        let fence = String(repeating: "`", count: 32)
        var examples: [Example] = []
        var section = ""
        var current: (markdown: [String], html: [String], extensions: [String], inHTML: Bool)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var example = current {
                if line == fence {
                    let tab = { (lines: [String]) in
                        lines.isEmpty
                            ? "" : lines.joined(separator: "\n").replacingOccurrences(of: "→", with: "\t") + "\n"
                    }
                    examples.append(
                        Example(
                            number: examples.count + 1, section: section, markdown: tab(example.markdown),
                            html: tab(example.html), extensions: example.extensions))
                    current = nil
                } else if line == ".", !example.inHTML {
                    example.inHTML = true
                    current = example
                } else {
                    if example.inHTML { example.html.append(line) } else { example.markdown.append(line) }
                    current = example
                }
            } else if line.hasPrefix(fence + " example") {
                let names = line.dropFirst(fence.count + " example".count).split(separator: " ").map(String.init)
                // The spec's harness skips the two examples marked "disabled", for task lists; they run here with
                // the task list extension, which is what they show.
                current = ([], [], names.map { $0 == "disabled" ? "tasklist" : $0 }, false)
            } else if line.hasPrefix("#") {
                section = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            }
        }
        return examples
    }

    /// Examples whose Markdown holds raw HTML, which Daybook shows as text rather than passing on: all 43 of
    /// "HTML blocks" (118–160), 12 of "Raw HTML" (632–636, 642, 644, 647–651), the one of "Disallowed Raw
    /// HTML" (653), and 15 elsewhere that use a tag to show something else (170, 288, 289, 317, 327, 354,
    /// 484–486, 500, 503, 532, 544, 663, 664).
    static let rawHTMLExamples = 71

    @Test("every example renders as the spec says, but those with raw HTML, which Daybook shows as text")
    func examples() throws {
        let examples = try Self.examples()
        #expect(examples.count == 673)
        var rawHTML: [Int] = []
        var failures: [String] = []
        for example in examples {
            #expect(
                example.extensions.allSatisfy(CMarkParser.gitHubExtensions.contains)
                    || example.section.contains("Raw HTML"))
            let renderer = CMarkRenderer(
                extensions: example.extensions.filter(CMarkParser.gitHubExtensions.contains), restrictsLinks: false)
            if renderer.containsRawHTML(example.markdown) {
                rawHTML.append(example.number)
                continue
            }
            let html = renderer.html(example.markdown)
            if SpecHTML.normalized(html) != SpecHTML.normalized(example.html) {
                failures.append("example \(example.number) (\(example.section)):\n\(example.markdown)→ \(html)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failed:\n\(failures.joined(separator: "\n"))")
        #expect(rawHTML.count == Self.rawHTMLExamples, "raw HTML in \(rawHTML.count): \(rawHTML)")
    }

    @Test("every example is safe as a page shows it, and differs from the spec only for raw HTML, links and images")
    func examplesAsPagesShowThem() throws {
        let markdown = CMarkRenderer()
        var matching = 0
        for example in try Self.examples() {
            let html = markdown.html(example.markdown)
            #expect(SafeHTML.problems(in: html) == [], "example \(example.number): \(html)")
            if SpecHTML.normalized(html) == SpecHTML.normalized(example.html) {
                matching += 1
            } else {
                #expect(
                    markdown.containsRawHTML(example.markdown) || markdown.containsLinksOrImages(example.markdown),
                    "example \(example.number) (\(example.section)): \(html)")
            }
        }
        // The rest differ only where a link gets `rel` or loses a scheme other than http(s) and mailto, an image
        // from elsewhere becomes a link or text, or raw HTML shows as text.
        #expect(matching == 457)
    }
}
