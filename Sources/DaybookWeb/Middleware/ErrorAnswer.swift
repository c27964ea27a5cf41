import DaybookCore
import DaybookFeatures
import HTTPTypes
import Hummingbird
import Logging

/// What a thrown error is answered with: a refusal's status, code and reason in the person's language, as the API's
/// error body or the error page. The outermost middleware answers every error with it, and a write whose
/// idempotency key was recorded keeps the refusal it made as the key's answer.
struct ErrorAnswer {
    let services: AppServices

    func response(_ error: any Error, request: Request, context: DaybookRequestContext) -> Response {
        if error as? Onboarding.Problem == .notSetUp, !request.wantsJSON {
            return Response.seeOther("/onboarding")
        }
        let status: HTTPResponse.Status
        var headers: HTTPFields = [:]
        if DiskFull.cause(of: error) != nil {
            // Whatever was being written: what was saved before stays, and the same request works once space is freed.
            status = Self.insufficientStorage
            context.logger.warning("the disk is full", metadata: ["path": .string(request.uri.path)])
        } else if let problem = error as? SceneProblem {
            status = problem.status
            headers = problem.headers
        } else if let error = error as? HTTPResponseError {
            status = error.status
            if let httpError = error as? HTTPError { headers = httpError.headers }
        } else {
            status = .internalServerError
            context.logger.error("request failed", metadata: ["path": .string(request.uri.path), "error": "\(error)"])
        }
        if status == .serviceUnavailable, services.gate.database == nil {
            return SetupPage.response(request: request, services: services)
        }
        let localizer = context.environment?.localizer ?? services.localizer(negotiatedFrom: request)
        let key = Self.messageKey(for: status)
        let problem = error as? SceneProblem
        let reason = problem?.message(localizer)
        if request.wantsJSON {
            if let problem {
                return APIError.response(
                    status: status, code: problem.code, message: reason ?? "", fields: problem.fields(localizer),
                    headers: headers)
            }
            let detail = (error as? HTTPError)?.body
            return APIError.response(
                status: status, code: key, message: detail ?? localizer("error.\(key).body"), headers: headers)
        }
        let page = ErrorPage.ViewModel(
            title: localizer("error.\(key).title"), body: localizer("error.\(key).body"), reason: reason,
            homeLabel: localizer("error.home"))
        let shell = ShellPresenter.present(
            title: page.title, current: nil, appearance: .system, showsNavigation: false, localizer: localizer)
        let theme = ThemeLinks(palette: ThemePalette(accent: .defaultAccent), appearance: .system)
        if var response = try? services.renderer.render(
            "error", page: page, shell: shell, csrf: context.csrfToken, theme: theme, status: status)
        {
            for field in headers { response.headers.append(field) }
            return response
        }
        return Response(status: status)
    }

    /// 507: the disk holding the data folder is full.
    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")

    static func messageKey(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "badRequest"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "notFound"
        case 405: "methodNotAllowed"
        case 409: "conflict"
        case 413: "tooLarge"
        case 415: "unsupportedMediaType"
        case 421: "misdirected"
        case 429: "tooManyRequests"
        case 503: "unavailable"
        case 507: "diskFull"
        case 400..<500: "badRequest"
        default: "internal"
        }
    }
}
