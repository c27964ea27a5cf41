import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/focus`: Focus Mode. Forms work without JavaScript; `focus.js` ticks, re-syncs and plays sound.
///
/// Start, pause, resume and stop sent later from a device's outbox carry `Daybook-Made-At`, the device's clock when
/// the person acted, so the session is recorded with its true times.
struct FocusRoutes {
    let services: AppServices

    func register(pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/focus") { request, context in
            try await page(request, context) { try await $0.current() }
        }
        pages.post("/focus/start") { request, context in
            let form = context.form
            let start = Focus.Start.Request(
                minutes: form["minutes"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                    ?? (form["minutes"]?.isEmpty == false ? -1 : nil),
                taskID: form["taskID"].flatMap { $0.isEmpty ? nil : $0 }, sound: form["sound"],
                stopwatch: form["stopwatch"] == "on")
            return try await page(request, context, redirect: true) {
                try await $0.start(start, madeAt: MadeAt.of(request))
            }
        }
        pages.post("/focus/pause") { request, context in
            try await page(request, context, redirect: true) { try await $0.pause(madeAt: MadeAt.of(request)) }
        }
        pages.post("/focus/resume") { request, context in
            try await page(request, context, redirect: true) { try await $0.resume(madeAt: MadeAt.of(request)) }
        }
        pages.post("/focus/stop") { request, context in
            try await page(request, context, redirect: true) { try await $0.stop(madeAt: MadeAt.of(request)) }
        }
        pages.post("/focus/extend") { request, context in
            try await page(request, context, redirect: true) { try await $0.extend(byMinutes: 5) }
        }
    }

    /// Runs an action; after a form post it redirects back, and a refused action re-shows the page with why.
    private func page(
        _ request: Request, _ context: DaybookRequestContext, redirect: Bool = false,
        _ action: (FocusInteractor) async throws -> Focus.Response
    ) async throws -> Response {
        let env = try context.env
        let interactor = env.focus
        do {
            let response = try await action(interactor)
            if redirect { return Response.seeOther("/focus") }
            return try render(FocusPresenter.presentPage(response, localizer: env.localizer), env, context)
        } catch let problem as Focus.Problem {
            let page = FocusPresenter.presentPage(
                try await interactor.current(), problem: problem, localizer: env.localizer)
            return try render(page, env, context, status: problem.status)
        }
    }

    private func render(
        _ page: Focus.Page, _ env: PageEnvironment, _ context: DaybookRequestContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        try env.render(
            "focus", page: page, title: page.title, current: nil, showsNavigation: false,
            context: context, status: status)
    }
}
