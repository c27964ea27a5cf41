import DaybookCore
import DaybookFeatures
import Hummingbird

/// `/log/{date}`: a day's log as a page and as `/api/v1/logs/{date}`.
struct LogRoutes {
    let services: AppServices

    /// The JSON a client sends; absent fields stay as they are, `null` clears a rating.
    struct Body: Decodable {
        var sleepQuality: Rating
        var mood: Rating
        var reflection: String?

        enum Rating: Equatable {
            case absent, cleared
            case set(Int)
            var text: String? {
                switch self {
                case .absent: nil
                case .cleared: ""
                case .set(let value): String(value)
                }
            }
        }

        enum CodingKeys: String, CodingKey { case sleepQuality, mood, reflection }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func rating(_ key: CodingKeys) throws -> Rating {
                guard container.contains(key) else { return .absent }
                return try container.decodeNil(forKey: key) ? .cleared : .set(container.decode(Int.self, forKey: key))
            }
            sleepQuality = try rating(.sleepQuality)
            mood = try rating(.mood)
            reflection = try container.decodeIfPresent(String.self, forKey: .reflection)
        }

        init() {
            sleepQuality = .absent
            mood = .absent
        }

        var change: Log.Change {
            Log.Change(sleepQuality: sleepQuality.text, mood: mood.text, reflection: reflection)
        }
    }

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/log") { request, context in
            try await page(request, context, day: nil)
        }
        pages.get("/log/{date}") { request, context in
            try await page(request, context, day: context.parameters.get("date"))
        }
        router.post("/log/{date}") { request, context in
            let day = context.parameters.get("date")
            let form = context.form
            // A field left as the page showed it is not a change: another device may have changed it since.
            let change = Log.Change(
                sleepQuality: Self.edited(form, "sleepQuality"), mood: Self.edited(form, "mood"),
                reflection: Self.edited(form, "reflection", as: Self.reflectionFingerprint))
            do {
                let log = try await context.env.log.save(change, on: day, madeAt: MadeAt.of(request))
                return Response.seeOther("/log/\(log.day)?saved=1")
            } catch let problem as Log.Problem where problem != .invalidDate && problem != .futureDay {
                return try await page(
                    request, context, day: day, rejection: Log.Rejection(typed: change, problem: problem),
                    status: problem.status)
            }
        }
        router.get("/api/v1/logs/{date}") { request, context in
            let env = try context.env
            guard let response = try await env.log.load(context.parameters.get("date")) else {
                throw Onboarding.Problem.notSetUp
            }
            return try JSONResponse.make(
                LogPresenter.present(response, markdown: services.markdown, localizer: env.localizer))
        }
        for method in [HTTPRequest.Method.put, .patch] {
            router.on("/api/v1/logs/{date}", method: method) { request, context in
                let body = try await JSONBody.decode(Body.self, from: request) ?? Body()
                var change = body.change
                if method == .put {
                    // A PUT describes the whole log: what it leaves out is cleared.
                    change.sleepQuality = change.sleepQuality ?? ""
                    change.mood = change.mood ?? ""
                    change.reflection = change.reflection ?? ""
                }
                let env = try context.env
                let saved = try await env.log.save(
                    change, on: context.parameters.get("date"), madeAt: MadeAt.of(request))
                return try JSONResponse.make(
                    LogPresenter.present(saved, markdown: services.markdown, localizer: env.localizer))
            }
        }
    }

    private func page(
        _ request: Request, _ context: DaybookRequestContext, day: String?, rejection: Log.Rejection? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let env = try context.env
        let page = try await env.page(request, kept: rejection == nil ? .day : nil) {
            guard let response = try await env.log.load(day) else {
                throw Onboarding.Problem.notSetUp
            }
            // "Saved at …" right after a save (and beside a refusal), not on every visit.
            let model = LogPresenter.present(
                response, rejection: rejection,
                showsSavedTime: request.uri.queryParameters["saved"] != nil || rejection != nil,
                markdown: services.markdown, localizer: env.localizer)
            return try PageRenderer.EncodedPage(model, title: model.title)
        }
        return try env.render(
            "log", encoded: page, current: .stats, context: context, status: status)
    }
}

extension LogRoutes {
    /// What the form says of a field, or `nil` when it is as the page showed it (`was.<name>` holds that: the
    /// value, or the reflection's fingerprint).
    static func edited(_ form: FormData, _ name: String, as seen: (String) -> String = { $0 }) -> String? {
        let value = form[name] ?? ""
        if let was = form["was.\(name)"], was == seen(value) { return nil }
        return value
    }

    /// The fingerprint of a reflection as the store keeps it: `\n` line ends, no blank edges.
    static func reflectionFingerprint(_ text: String) -> String {
        DailyLog.fingerprint(
            text.replacingOccurrences(of: "\r\n", with: "\n").trimmingWhiteSpace())
    }
}
