import DaybookCore
import DaybookFeatures
import Hummingbird

/// `/trackers`: the list (with today's slots), one tracker's month, streak and chart, and the forms, as pages
/// that work without a script. Values are saved by `/trackers/{id}/values/{date}` from Today and these pages.
struct TrackerRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/trackers") { request, context in
            try await page(request, context, "trackers") { env in
                let model = TrackerPresenter.list(try await env.trackers.list(), localizer: env.localizer)
                return try PageRenderer.EncodedPage(model, title: model.title)
            }
        }
        pages.get("/trackers/new") { request, context in
            try await form(request, context, tracker: nil)
        }
        router.post("/trackers/new") { request, context in
            let env = try context.env
            let draft = Self.draft(context.form, creating: true)
            do {
                let tracker = try await env.trackers.create(draft).tracker
                return Response.seeOther("/trackers/\(tracker.id)")
            } catch let problem as Trackers.Problem {
                return try await form(
                    request, context, tracker: nil, typed: draft, problem: problem, status: problem.status)
            }
        }
        pages.get("/trackers/{id}") { request, context in
            let id = try context.parameters.require("id")
            let query = request.uri.queryParameters
            return try await page(request, context, "tracker") { env in
                let response = try await env.trackers.detail(
                    id: id, month: query["month"].map(String.init), day: query["date"].map(String.init))
                let model = TrackerPresenter.detail(response, localizer: env.localizer)
                return try PageRenderer.EncodedPage(model, title: model.title)
            }
        }
        pages.get("/trackers/{id}/edit") { request, context in
            let id = try context.parameters.require("id")
            let env = try context.env
            let tracker = try await env.trackers.detail(id: id).tracker
            return try await form(request, context, tracker: tracker)
        }
        router.post("/trackers/{id}/edit") { request, context in
            let id = try context.parameters.require("id")
            let env = try context.env
            let draft = Self.draft(context.form, creating: false)
            do {
                try await env.trackers.update(id: id, draft)
                return Response.seeOther("/trackers/\(id)")
            } catch let problem as Trackers.Problem where problem != .notFound {
                let tracker = try await env.trackers.detail(id: id).tracker
                return try await form(
                    request, context, tracker: tracker, typed: draft, problem: problem, status: problem.status)
            }
        }
        router.post("/trackers/{id}/archive") { request, context in
            let id = try context.parameters.require("id")
            let env = try context.env
            // The state the page showed the tap would set: two taps, or the outbox replaying beside a live
            // tap, archive it once and never bring it back. A form from before that field says nothing and
            // turns it over, as it always did.
            let archived: Bool
            switch context.form["archived"] {
            case "1": archived = true
            case "0": archived = false
            default: archived = !(try await env.trackers.detail(id: id).tracker.isArchived)
            }
            let tracker = try await env.trackers.update(id: id, Trackers.Draft(archived: archived)).tracker
            return Response.seeOther(tracker.isArchived ? "/trackers" : "/trackers/\(id)")
        }
        router.post("/trackers/{id}/delete") { request, context in
            let id = try context.parameters.require("id")
            let env = try context.env
            try await env.trackers.delete(id: id)
            return Response.seeOther("/trackers")
        }
        router.post("/trackers/{id}/move") { request, context in
            let id = try context.parameters.require("id")
            let env = try context.env
            let offset = context.form["direction"] == "up" ? -1 : 1
            try await env.trackers.move(id: id, by: offset)
            return Response.seeOther("/trackers")
        }
        router.post("/trackers/{id}/values/{date}") { request, context in
            let id = try context.parameters.require("id")
            let day = context.parameters.get("date")
            let env = try context.env
            let form = context.form
            let input: Trackers.ValueInput
            if form["clear"] != nil {
                input = .clear
            } else if let hours = form["hours"], let minutes = form["minutes"] {
                // The duration editor's two fields; blank ones count as zero.
                let h = hours.trimmingCharacters(in: .whitespaces)
                let m = minutes.trimmingCharacters(in: .whitespaces)
                if let h = Int(h.isEmpty ? "0" : h), let m = Int(m.isEmpty ? "0" : m), h >= 0, m >= 0, m < 60 {
                    input = .number(Double(h * 60 + m))
                } else {
                    throw Trackers.Problem.unreadableDuration
                }
            } else {
                input = .text(form["value"] ?? "")
            }
            try await env.trackers.setValue(input, trackerID: id, day: day, madeAt: MadeAt.of(request))
            return Response.seeOther(Self.safeBack(form["back"]) + "#tracker-\(id)")
        }
    }

    /// A page of this scene, kept until anything is written.
    private func page(
        _ request: Request, _ context: DaybookRequestContext, _ template: String,
        make: (PageEnvironment) async throws -> PageRenderer.EncodedPage
    ) async throws -> Response {
        let env = try context.env
        let encoded = try await env.page(request, kept: .day) { try await make(env) }
        return try env.render(template, encoded: encoded, current: .trackers, context: context)
    }

    private func form(
        _ request: Request, _ context: DaybookRequestContext, tracker: Tracker?, typed: Trackers.Draft? = nil,
        problem: Trackers.Problem? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let env = try context.env
        let model = TrackerPresenter.form(
            tracker, typed: typed, problem: problem, settings: env.settings, localizer: env.localizer)
        return try env.render(
            "tracker-edit", page: model, title: model.title, current: .trackers,
            context: context, status: status)
    }

    /// The fields of the new and edit forms.
    static func draft(_ form: FormData, creating: Bool) -> Trackers.Draft {
        Trackers.Draft(
            name: form["name"] ?? "", kind: creating ? form["kind"] ?? "" : form["kind"], unit: form["unit"] ?? "",
            unitLabel: form["unitLabel"] ?? "", targetComparison: form["targetComparison"] ?? "",
            targetValue: form["targetValue"] ?? "", color: form["color"] ?? "",
            frequency: TrackerPresenter.frequencyText(
                form: form["frequency"] ?? "daily", count: form["frequencyCount"] ?? ""),
            note: form["note"] ?? "")
    }

    /// Where a value form goes back to: a path on this server, else Today.
    static func safeBack(_ raw: String?) -> String {
        guard let raw, raw.hasPrefix("/"), !raw.hasPrefix("//"), !raw.contains("\\"), raw.count < 200,
            !raw.contains(where: { $0.isWhitespace || $0.isNewline })
        else { return "/" }
        return raw
    }
}
