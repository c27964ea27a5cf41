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
            let env = try await PageEnvironment(services: services, request: request)
            let (settings, count) = try await interactor(env.database).load()
            let model = ReminderSettingsPresenter.present(
                settings, subscriptions: count, publicKey: publicKey,
                saved: request.uri.queryParameters["saved"] != nil, localizer: env.localizer)
            return try env.render(
                "reminders", page: model, title: model.title, current: .settings, services: services, context: context)
        }
        router.post("/settings/reminders") { request, context in
            let env = try await PageEnvironment(services: services, request: request)
            let form = context.form
            let change = ReminderChange(
                journalTime: form["journalTime"], blockStart: form["blockStart"].map { $0 == "on" },
                focusFinished: form["focusFinished"].map { $0 == "on" }, inPage: form["inPage"].map { $0 == "on" },
                webPush: form["webPush"].map { $0 == "on" }, ntfyURL: form["ntfyURL"],
                pushContact: form["pushContact"])
            do {
                _ = try await interactor(env.database).update(change)
                return Response.seeOther("/settings/reminders?saved=1")
            } catch let refusal as ReminderChange.Refusal {
                let (settings, count) = try await interactor(env.database).load()
                let model = ReminderSettingsPresenter.present(
                    settings, subscriptions: count, publicKey: publicKey, typed: change, refused: refusal.fields,
                    localizer: env.localizer)
                return try env.render(
                    "reminders", page: model, title: model.title, current: .settings, services: services,
                    context: context, status: refusal.status)
            }
        }
        router.get("/api/v1/reminders") { _, _ in
            let (settings, count) = try await interactor(try await services.database()).load()
            return try JSONResponse.make(ReminderSettingsPresenter.json(settings, subscriptions: count))
        }
        router.patch("/api/v1/reminders") { request, _ in
            let database = try await services.database()
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
        router.post("/api/v1/push/subscriptions") { request, _ in
            let database = try await services.database()
            let localizer = try await services.ownerLocalizer(database, request: request)
            guard let body = try await JSONBody.decode(Subscription.self, from: request) else {
                throw HTTPError(.badRequest, message: localizer("reminders.error.subscription"))
            }
            try await interactor(database).subscribe(
                PushTarget(endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth))
            return Response(status: .noContent)
        }
        router.delete("/api/v1/push/subscriptions") { request, _ in
            let database = try await services.database()
            if let body = try await JSONBody.decode(Unsubscription.self, from: request) {
                try await interactor(database).unsubscribe(endpoint: body.endpoint)
            }
            return Response(status: .noContent)
        }
    }

    private var publicKey: String { WebPush(key: services.pushKeys.key()).publicKey }

    private func interactor(_ database: AppDatabase) -> ReminderSettingsInteractor {
        ReminderSettingsInteractor(store: database, clock: services.clock) { target in
            let subscription = PushSubscription(endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth)
            return (try? WebPush(key: services.pushKeys.key()).request(Data(), to: subscription, now: Date())) != nil
        }
    }
}
