import DaybookCore
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
            guard let body else { throw HTTPError(.badRequest) }
            guard body.markdown.utf8.count <= MarkdownLimits.utf8Bytes else {
                throw HTTPError(
                    .contentTooLarge,
                    message: Self.tooLargeMessage(try context.localizer))
            }
            // Rendered as a saved entry is, photos' sizes included, so nothing moves when the preview's images load.
            let html = try await services.journalInteractor(try context.env.database).html(body.markdown)
            return try JSONResponse.make(Answer(html: html))
        }
    }

    /// Why Markdown over `MarkdownLimits.utf8Bytes` is refused.
    static func tooLargeMessage(_ localizer: Localizer) -> String {
        localizer("markdown.error.tooLarge", localizer.number(MarkdownLimits.utf8Bytes))
    }
}
