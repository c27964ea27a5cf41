import Foundation
import Testing

@testable import DaybookWeb

@Suite("Templates")
struct TemplateTests {
    /// Templates hold structure only: every word a person reads comes from the presenter.
    @Test("templates contain no user-visible text of their own")
    func noLiterals() throws {
        let folder = try #require(WebResources.templates)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".mustache")
        }
        for file in files {
            var text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            text = text.replacingOccurrences(of: #"\{\{[^}]*\}\}"#, with: " ", options: .regularExpression)
            text = text.replacingOccurrences(of: #"<!--.*?-->"#, with: " ", options: .regularExpression)
            text = text.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
            let leftover = text.split(whereSeparator: \.isWhitespace).filter { word in
                word.contains { $0.isLetter }
            }
            #expect(leftover.isEmpty, "\(file) has literal text: \(leftover.joined(separator: " "))")
        }
    }
}

@Suite("Template engine")
struct TemplateEngineTests {
    struct Row: Encodable {
        var title: String
        var isDone: Bool
        var note: String?
    }

    struct Model: Encodable {
        var title: String
        var rows: [Row]
        var count: Int
        var note: String
        var empty: [Row]
    }

    func render(_ templates: [String: String], _ name: String, _ value: some Encodable) throws -> String {
        let library = TemplateLibrary(templates: try templates.mapValues { try Template($0) })
        return try library.render(name, try TemplateValue.make(value))
    }

    let model = Model(
        title: "Tom & <Jerry>",
        rows: [Row(title: "Write", isDone: true, note: "x"), Row(title: "Read", isDone: false)],
        count: 1200, note: "outer", empty: [])

    @Test("variables are escaped, triple mustaches are not, numbers print as they are")
    func variables() throws {
        let text = try render(["t": "{{title}}|{{{title}}}|{{&title}}|{{count}}|{{missing}}"], "t", model)
        #expect(text == "Tom &amp; &lt;Jerry&gt;|Tom & <Jerry>|Tom & <Jerry>|1200|")
    }

    @Test("sections repeat over lists, test flags and open objects; inverted sections show what is missing")
    func sections() throws {
        let text = try render(
            [
                "t":
                    "{{#rows}}[{{title}}{{#isDone}} ✓{{/isDone}}{{^isDone}} ○{{/isDone}}]{{/rows}}{{^empty}}none{{/empty}}"
            ],
            "t", model)
        #expect(text == "[Write ✓][Read ○]none")
    }

    @Test("a nil field stops the lookup instead of finding an outer value of the same name")
    func nilStopsLookup() throws {
        let text = try render(["t": "{{#rows}}{{title}}={{note}};{{/rows}}"], "t", model)
        #expect(text == "Write=x;Read=;")
    }

    @Test("dotted names and the implicit iterator")
    func dotted() throws {
        struct Page: Encodable {
            var page: Model
            var tags: [String]
        }
        let text = try render(
            ["t": "{{page.title}} {{page.rows}}{{#tags}}<{{.}}>{{/tags}}"], "t", Page(page: model, tags: ["a", "b"]))
        #expect(text == "Tom &amp; &lt;Jerry&gt; <a><b>")
    }

    @Test("partials see the current context; a child fills its parent's blocks, defaults stay elsewhere")
    func partialsAndInheritance() throws {
        let templates = [
            "layout": "<title>{{$head}}Daybook{{/head}}</title>\n<main>\n{{$content}}{{/content}}\n</main>",
            "row": "<li>{{title}}</li>",
            "page": "{{<layout}}\n{{$content}}\n{{#rows}}{{> row}}{{/rows}}\n{{/content}}\n{{/layout}}",
        ]
        let text = try render(templates, "page", model)
        #expect(text == "<title>Daybook</title>\n<main>\n<li>Write</li><li>Read</li>\n\n</main>")
    }

    @Test("a tag alone on its line takes the line with it")
    func standaloneLines() throws {
        let text = try render(["t": "<ul>\n  {{#rows}}\n  <li>{{title}}</li>\n  {{/rows}}\n</ul>\n"], "t", model)
        #expect(text == "<ul>\n  <li>Write</li>\n  <li>Read</li>\n</ul>\n")
    }

    @Test("broken templates are refused with the line they break on")
    func syntaxErrors() throws {
        #expect(throws: Template.SyntaxError.self) { try Template("a\n{{#rows}}\nb") }
        #expect(throws: Template.SyntaxError.self) { try Template("{{/rows}}") }
        #expect(throws: Template.SyntaxError.self) { try Template("{{title") }
        #expect(throws: Template.SyntaxError.self) { try Template("{{=<% %>=}}") }
        do {
            _ = try Template("one\ntwo {{#a}}\nthree")
        } catch let error as Template.SyntaxError {
            #expect(error.line == 3)
        }
    }
}
