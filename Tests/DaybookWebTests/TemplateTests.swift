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
