import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `POST /api/v1/render`: Markdown as a saved entry shows it, for the editor's live preview.
struct RenderAPIRoutes {
    static let operationID = "renderMarkdown"
    let services: AppServices

    struct Body: Decodable {
        var markdown: String
    }

    struct Answer: Encodable {
        var html: String
    }

    func register(on router: Router<DaybookRequestContext>) {
        router.post("/api/v1/render") { request, context in
            let body = try await JSONBody.decode(Body.self, from: request, upTo: Limits.markdownBody)
            // No body is nothing to preview: an empty preview.
            let markdown = body?.markdown ?? ""
            guard markdown.utf8.count <= MarkdownLimits.utf8Bytes else { throw Journal.Problem.markdownTooLarge }
            // Rendered as a saved entry is, photos' sizes included, so nothing moves when the preview's images load.
            let html = try await context.env.journal.html(markdown)
            return try JSONResponse.make(Answer(html: html))
        }
    }
}
