import DaybookCore
import Foundation

/// Every template of a folder, parsed at start-up and named by its path without `.mustache`
/// (`today`, `partials/field`).
struct TemplateLibrary: Sendable {
    private let templates: [String: Template]

    struct MissingTemplate: Error, CustomStringConvertible {
        var name: String
        var description: String { "no template named \(name)" }
    }

    init(templates: [String: Template]) {
        self.templates = templates
    }

    /// Parses every `.mustache` file below `folder`.
    ///
    /// - Throws: the first file that can't be read or parsed, with its name.
    init(folder: URL) throws {
        var templates: [String: Template] = [:]
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        let root = folder.standardizedFileURL.path + "/"
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "mustache" else { continue }
            let name = String(file.standardizedFileURL.deletingPathExtension().path.dropFirst(root.count))
            do {
                templates[name] = try Template(String(contentsOf: file, encoding: .utf8))
            } catch {
                throw Template.SyntaxError(message: "\(name).mustache: \(error)", line: 0)
            }
        }
        self.templates = templates
    }

    /// Renders the template `name` with `value` as its context.
    func render(_ name: String, _ value: TemplateValue) throws -> String {
        guard let template = templates[name] else { throw MissingTemplate(name: name) }
        var renderer = TemplateRenderer(library: self, stack: [value])
        renderer.output.reserveCapacity(16 * 1024)
        renderer.render(template.nodes, blocks: [:])
        return renderer.output
    }

    /// Renders the template `name` with `value` as its context, in parts split where the variable `hole` is written
    /// (it is left out): rendered once, a page can take another value there on every visit.
    func render(_ name: String, _ value: TemplateValue, splittingAt hole: String) throws -> [String] {
        guard let template = templates[name] else { throw MissingTemplate(name: name) }
        var renderer = TemplateRenderer(library: self, stack: [value])
        renderer.hole = hole
        renderer.output.reserveCapacity(16 * 1024)
        renderer.render(template.nodes, blocks: [:])
        var parts: [String] = []
        parts.reserveCapacity(renderer.splits.count + 1)
        renderer.output.withUTF8 { bytes in
            var start = 0
            for end in renderer.splits + [bytes.count] {
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = end
            }
        }
        return parts
    }

    fileprivate func template(_ name: String) -> Template? { templates[name] }
}

/// One rendering: the context stack and the text written so far.
private struct TemplateRenderer {
    let library: TemplateLibrary
    var stack: [TemplateValue]
    var output = ""
    /// A name written nowhere: where it stands, the output is split instead (`splits`, offsets in UTF-8 bytes).
    var hole: String?
    var splits: [Int] = []

    mutating func render(_ nodes: [Template.Node], blocks: [String: [Template.Node]]) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.append(text)
            case .variable(let path, let escaped):
                if let hole, path.count == 1, path[0] == hole {
                    splits.append(output.utf8.count)
                } else {
                    write(lookUp(path), escaped: escaped)
                }
            case .section(let path, let content):
                renderSection(lookUp(path), content, blocks: blocks)
            case .invertedSection(let path, let content):
                if !(lookUp(path)?.isTruthy ?? false) { render(content, blocks: blocks) }
            case .partial(let name):
                if let partial = library.template(name) { render(partial.nodes, blocks: blocks) }
            case .block(let name, let content):
                render(blocks[name] ?? content, blocks: blocks)
            case .parent(let name, let overrides):
                // The most derived template's blocks win over those its parents define.
                if let parent = library.template(name) {
                    render(parent.nodes, blocks: overrides.merging(blocks) { _, derived in derived })
                }
            }
        }
    }

    private mutating func renderSection(
        _ value: TemplateValue?, _ content: [Template.Node], blocks: [String: [Template.Node]]
    ) {
        switch value {
        case nil, .null?, .bool(false)?: return
        case .bool(true)?: render(content, blocks: blocks)
        case .list(let items)?:
            for item in items {
                stack.append(item)
                render(content, blocks: blocks)
                stack.removeLast()
            }
        case let value?:
            stack.append(value)
            render(content, blocks: blocks)
            stack.removeLast()
        }
    }

    /// The first name is searched from the innermost context outwards; the rest inside what it found.
    private func lookUp(_ path: Template.Path) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        var found: TemplateValue?
        for context in stack.reversed() {
            if case .object(let fields) = context, let value = fields[first] {
                found = value
                break
            }
        }
        for name in path.dropFirst() {
            guard case .object(let fields)? = found else { return nil }
            found = fields[name]
        }
        return found
    }

    private mutating func write(_ value: TemplateValue?, escaped: Bool) {
        switch value {
        case .text(let text)?:
            if escaped { HTMLText.append(text, to: &output) } else { output.append(text) }
        case .int(let number)?: output.append(String(number))
        case .double(let number)?: output.append(String(number))
        case .bool(let flag)?: output.append(flag ? "true" : "false")
        case nil, .null?, .list?, .object?: return
        }
    }
}
