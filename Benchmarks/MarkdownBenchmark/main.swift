import CCMarkGFM
import DaybookCore
import DaybookHostileText
import DaybookMedia
import Foundation

// Renders each of `HostileMarkdown.cases` with Daybook's renderer and prints its time, the HTML's size and the
// process's peak memory. With `--library`, renders them with cmark-gfm alone (the same extensions, no limits), as
// Daybook did before its limits: some of those take seconds and gigabytes. One case a process keeps the peak
// memory its own:
//     swift build -c release --product markdown-benchmark
//     for c in $(.build/release/markdown-benchmark --list); do .build/release/markdown-benchmark [--library] $c; done
// or, all in one process (the peak is then the largest so far):
//     .build/release/markdown-benchmark [--library]

func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// The process's peak resident memory so far, in MiB (VmHWM).
func peakMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return 0 }
    return kilobytes / 1024
}

/// cmark-gfm with the table, strikethrough, autolink and tasklist extensions and nothing of Daybook's.
func libraryHTML(_ markdown: String) -> Int {
    cmark_gfm_core_extensions_ensure_registered()
    guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return 0 }
    defer { cmark_parser_free(parser) }
    for name in ["table", "strikethrough", "autolink", "tasklist"] {
        if let extensionPointer = cmark_find_syntax_extension(name) {
            cmark_parser_attach_syntax_extension(parser, extensionPointer)
        }
    }
    var text = markdown
    text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
    }
    guard let document = cmark_parser_finish(parser) else { return 0 }
    defer { cmark_node_free(document) }
    guard let html = cmark_render_html(document, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser)) else {
        return 0
    }
    defer { free(html) }
    return strlen(html)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--list"] {
    for item in HostileMarkdown.cases { print(item.name.replacingOccurrences(of: " ", with: "_")) }
    exit(0)
}
let library = arguments.first == "--library"
if library { arguments.removeFirst() }
let wanted = Set(arguments.map { $0.replacingOccurrences(of: "_", with: " ") })
let renderer = CMarkRenderer()

print(library ? "cmark-gfm alone" : "Daybook's renderer")
print("case\tMarkdown bytes\tms\tHTML bytes\tHTML/Markdown\tpeak MiB")
for item in HostileMarkdown.cases where wanted.isEmpty || wanted.contains(item.name) {
    let start = ContinuousClock.now
    let size = library ? libraryHTML(item.text) : renderer.html(item.text).utf8.count
    let elapsed = milliseconds(since: start)
    let input = item.text.utf8.count
    print(
        String(
            format: "%@\t%d\t%.1f\t%d\t%.1f\t%.0f", item.name, input, elapsed, size,
            Double(size) / Double(max(1, input)),
            peakMiB()))
}
