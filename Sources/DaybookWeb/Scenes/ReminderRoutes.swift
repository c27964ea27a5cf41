import DaybookCore
import DaybookFeatures
import DaybookStore
import Foundation
import Hummingbird

/// `/settings/reminders`, `/api/v1/reminders` and `/api/v1/push/…`: what to be reminded of, how, and the
/// browsers subscribed to Web Push.
struct ReminderRoutes {
    let services: AppServices

    struct Subscription: Decodable {
        struct Keys: Decodable {
            var p256dh: String
            var auth: String
        }
        var endpoint: String
        var keys: Keys
    }

    struct Unsubscription: Decodable {
        var endpoint: String
    }

    struct Recent: Encodable {
        var reminders: [ReminderMessage]
    }

    func register(on router: Router<DaybookRequestContext>, pages: RouterGroup<DaybookRequestContext>) {
        pages.get("/settings/reminders") { request, context in
            let env = try context.env
            let (settings, count) = try await interactor(env.database).load()
            let model = ReminderSettingsPresenter.present(
                settings, subscriptions: count, publicKey: publicKey, badge: env.settings.appBadge,
                saved: request.uri.queryParameters["saved"] != nil,
                test: request.uri.queryParameters["tested"].flatMap { TestReport(query: String($0))?.report },
                localizer: env.localizer)
            return try env.render(
                "reminders", page: model, title: model.title, current: .settings, context: context)
        }
        router.post("/settings/reminders") { request, context in
            let env = try context.env
            let form = context.form
            let change = ReminderChange(
                journalTime: form["journalTime"], blockStart: form["blockStart"].map { $0 == "on" },
                focusFinished: form["focusFinished"].map { $0 == "on" }, inPage: form["inPage"].map { $0 == "on" },
                webPush: form["webPush"].map { $0 == "on" }, ntfyURL: form["ntfyURL"],
                pushContact: form["pushContact"])
            let badge = SettingsChange(appBadge: form[SettingsField.appBadge.rawValue])
            let reminders = interactor(env.database)
            // Both halves are checked before either is saved: a refusal changes nothing.
            var refused: [ReminderChange.Field] = []
            do {
                _ = try change.applied(to: try await reminders.load().settings)
            } catch let refusal as ReminderChange.Problem {
                refused = refusal.fields
            }
            var badgeProblem: FieldProblem?
            do {
                _ = try env.settings.applying(badge)
            } catch let refusal as SettingsChange.Problem {
                badgeProblem = refusal.problems[.appBadge]
            }
            guard refused.isEmpty, badgeProblem == nil else {
                let (settings, count) = try await reminders.load()
                let model = ReminderSettingsPresenter.present(
                    settings, subscriptions: count, publicKey: publicKey, badge: env.settings.appBadge, typed: change,
                    typedBadge: badge.appBadge, refused: refused, badgeProblem: badgeProblem,
                    localizer: env.localizer)
                return try env.render(
                    "reminders", page: model, title: model.title, current: .settings,
                    context: context, status: .unprocessableContent)
            }
            _ = try await reminders.update(change)
            if badge.appBadge != nil {
                _ = try await SettingsInteractor(store: env.database, events: services.events) { env.settings }
                    .update(badge)
            }
            return Response.seeOther("/settings/reminders?saved=1")
        }
        // One push to every subscribed browser, the way reminders go; the page then says what became of it.
        router.post("/settings/reminders/test") { request, context in
            let env = try context.env
            let report = try await sendTest(env.database, localizer: env.localizer)
            return Response.seeOther("/settings/reminders?tested=\(TestReport(report).query)#section-test")
        }
        router.post("/api/v1/push/test") { request, context in
            let database = try context.env.database
            let localizer = try context.localizer
            let report = try await sendTest(database, localizer: localizer)
            return try JSONResponse.make(
                TestAnswer(
                    sent: report.sent, refused: report.refused, gone: report.gone,
                    message: ReminderSettingsPresenter.testResult(report, localizer: localizer)))
        }
        router.get("/api/v1/badge") { _, context in
            let badge = try await context.env.badge.load()
            return try JSONResponse.make(AppBadgePresenter.present(badge))
        }
        router.get("/api/v1/reminders") { _, context in
            let (settings, count) = try await interactor(try context.env.database).load()
            return try JSONResponse.make(ReminderSettingsPresenter.json(settings, subscriptions: count))
        }
        router.patch("/api/v1/reminders") { request, context in
            let database = try context.env.database
            let change = try await JSONBody.decode(ReminderChange.self, from: request) ?? ReminderChange()
            let updated = try await interactor(database).update(change)
            let count = try await interactor(database).load().subscriptions
            return try JSONResponse.make(ReminderSettingsPresenter.json(updated, subscriptions: count))
        }
        router.get("/api/v1/reminders/recent") { request, _ in
            let since = request.uri.queryParameters["since"].flatMap { Double(String($0)) }
                .map { Date(timeIntervalSince1970: $0 / 1000) }
            return try JSONResponse.make(Recent(reminders: services.reminderFeed.since(since)))
        }
        router.get("/api/v1/push/key") { _, _ in
            try JSONResponse.make(["publicKey": publicKey])
        }
        router.post("/api/v1/push/subscriptions") { request, context in
            let database = try context.env.database
            guard let body = try await JSONBody.decode(Subscription.self, from: request) else {
                throw ReminderSettingsScene.Problem.invalidSubscription
            }
            try await interactor(database).subscribe(
                PushTarget(endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth))
            return Response(status: .noContent)
        }
        router.delete("/api/v1/push/subscriptions") { request, context in
            let database = try context.env.database
            if let body = try await JSONBody.decode(Unsubscription.self, from: request) {
                try await interactor(database).unsubscribe(endpoint: body.endpoint)
            }
            return Response(status: .noContent)
        }
    }

    struct TestAnswer: Encodable {
        var sent: Int
        var refused: Int
        var gone: Int
        /// What became of it, in the owner's language.
        var message: String
    }

    /// A test's outcome in the address the page is sent back to: `sent-refused-gone`.
    struct TestReport {
        var report: PushReport

        init(_ report: PushReport) {
            self.report = report
        }

        init?(query: String) {
            let numbers = query.split(separator: "-").compactMap { Int($0) }
            guard numbers.count == 3, numbers.allSatisfy({ (0...10_000).contains($0) }) else { return nil }
            report = PushReport(sent: numbers[0], gone: numbers[2], refused: numbers[1])
        }

        var query: String { "\(report.sent)-\(report.refused)-\(report.gone)" }
    }

    private func sendTest(_ database: AppDatabase, localizer: Localizer) async throws -> PushReport {
        let message = ReminderPresenter.test(sentAt: services.clock.now(), localizer: localizer)
        return await services.reminderDelivery(database).push(
            message, settings: try await database.loadReminderSettings())
    }

    private var publicKey: String { WebPush(key: services.pushKeys.key()).publicKey }

    private func interactor(_ database: AppDatabase) -> ReminderSettingsInteractor {
        ReminderSettingsInteractor(store: database, clock: services.clock) { target in
            let subscription = PushSubscription(endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth)
            return (try? WebPush(key: services.pushKeys.key()).request(Data(), to: subscription, now: Date())) != nil
        }
    }
}
