import DaybookCore
import DaybookFeatures
import Foundation
import Hummingbird

/// `/api/v1/trackers`: trackers and their daily values for the CLI, widgets and other clients.
struct TrackerAPIRoutes {
    let services: AppServices

    /// A new tracker or a change to one: absent fields stay as they are; `null` clears a unit or a target.
    struct Body: Decodable {
        enum Field<Value: Decodable>: Decodable {
            case absent, cleared
            case set(Value)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                self = container.decodeNil() ? .cleared : .set(try container.decode(Value.self))
            }
        }

        struct Target: Decodable {
            var comparison: String
            var value: Double
        }

        var name: String?
        var kind: String?
        var unit: Field<String> = .absent
        var unitLabel: Field<String> = .absent
        var target: Field<Target> = .absent
        var color: String?
        var archived: Bool?
        var frequency: String?
        var note: Field<String> = .absent

        enum CodingKeys: String, CodingKey {
            case name, kind, unit, unitLabel, target, color, archived, frequency, note
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            kind = try container.decodeIfPresent(String.self, forKey: .kind)
            // `decodeIfPresent` would read a `null` as absent: a present key is decoded, so `null` clears.
            func field<Value>(_ key: CodingKeys) throws -> Field<Value> {
                container.contains(key) ? try container.decode(Field<Value>.self, forKey: key) : .absent
            }
            unit = try field(.unit)
            unitLabel = try field(.unitLabel)
            target = try field(.target)
            color = try container.decodeIfPresent(String.self, forKey: .color)
            archived = try container.decodeIfPresent(Bool.self, forKey: .archived)
            frequency = try container.decodeIfPresent(String.self, forKey: .frequency)
            note = try field(.note)
        }

        var draft: Trackers.Draft {
            func text(_ field: Field<String>) -> String? {
                switch field {
                case .absent: nil
                case .cleared: ""
                case .set(let value): value
                }
            }
            var draft = Trackers.Draft(
                name: name, kind: kind, unit: text(unit), unitLabel: text(unitLabel), color: color, archived: archived,
                frequency: frequency, note: text(note))
            switch target {
            case .absent: break
            case .cleared: draft.targetComparison = ""
            case .set(let target):
                draft.targetComparison = target.comparison
                // As typed: a whole number without a decimal point, so minutes read as minutes.
                let value = target.value
                draft.targetValue =
                    !value.isFinite
                    ? "-" : value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
            }
            return draft
        }
    }

    struct ValueBody: Decodable {
        enum Value: Decodable {
            case number(Double)
            case flag(Bool)
            case clear
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() {
                    self = .clear
                } else if let flag = try? container.decode(Bool.self) {
                    self = .flag(flag)
                } else {
                    self = .number(try container.decode(Double.self))
                }
            }
        }
        /// `nil` when the body has no `value` (a `null` one is `.clear`).
        var value: Value?
        /// An amount to add to the day's value (a count's `1`), instead of a value.
        var add: Double?

        enum CodingKeys: String, CodingKey { case value, add }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // `decodeIfPresent` would read a `null` value as none: a present key is decoded, so `null` clears.
            value = container.contains(.value) ? try container.decode(Value.self, forKey: .value) : nil
            add = try container.decodeIfPresent(Double.self, forKey: .add)
        }
    }

    struct OrderBody: Decodable {
        var ids: [String]
    }

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/api/v1/trackers") { request, context in
            let env = try context.env
            return try answer(.list(try await env.trackers.list()), env)
        }
        router.post("/api/v1/trackers") { request, context in
            let body = try await JSONBody.decode(Body.self, from: request) ?? Body()
            let env = try context.env
            return try answer(.tracker(try await env.trackers.create(body.draft)), env, status: .created)
        }
        router.put("/api/v1/trackers/order") { request, context in
            let body = try await JSONBody.decode(OrderBody.self, from: request) ?? OrderBody(ids: [])
            let env = try context.env
            return try answer(.list(try await env.trackers.reorder(body.ids)), env)
        }
        router.get("/api/v1/trackers/{id}") { request, context in
            let id = try context.parameters.require("id")
            let env = try context.env
            return try answer(.tracker(try await env.trackers.detail(id: id)), env)
        }
        router.patch("/api/v1/trackers/{id}") { request, context in
            let id = try context.parameters.require("id")
            let body = try await JSONBody.decode(Body.self, from: request) ?? Body()
            let env = try context.env
            return try answer(.tracker(try await env.trackers.update(id: id, body.draft)), env)
        }
        router.delete("/api/v1/trackers/{id}") { request, context in
            let id = try context.parameters.require("id")
            try await context.env.trackers.delete(id: id)
            return Response(status: .noContent)
        }
        router.get("/api/v1/trackers/{id}/values") { request, context in
            let id = try context.parameters.require("id")
            let query = request.uri.queryParameters
            let env = try context.env
            let detail = try await env.trackers.detail(id: id)
            let today = detail.today
            let through = try query["through"].map { try Self.day(String($0), today: today) } ?? today
            let from =
                try query["from"].map { try Self.day(String($0), today: today) }
                ?? max(.earliest, through.adding(days: -29))
            guard from <= through, from.days(to: through) < Trackers.maximumSpanDays else {
                throw Trackers.Problem.invalidSpan
            }
            return try answer(.values(detail, from: from, through: through), env)
        }
        router.put("/api/v1/trackers/{id}/values/{date}") { request, context in
            let id = try context.parameters.require("id")
            let date = context.parameters.get("date")
            guard let body = try await JSONBody.decode(ValueBody.self, from: request),
                (body.value == nil) != (body.add == nil)
            else {
                throw Trackers.Problem.valueOrAdd
            }
            let env = try context.env
            let madeAt = MadeAt.of(request)
            let saved: Trackers.Saved
            switch (body.value, body.add) {
            case (.flag(let done)?, _) where context.tokenScope == .widgets && (date == nil || date == "today"):
                // A widget token ticks a yes/no tracker for today, the value it shows, and nothing else.
                saved = try await env.trackers.tick(done, trackerID: id, madeAt: madeAt)
            case _ where context.tokenScope == .widgets: throw TokenAccess.Problem.widgetTickOnly
            case (_, let amount?):
                saved = try await env.trackers.add(amount, trackerID: id, day: date, madeAt: madeAt)
            case (let value?, nil):
                let input: Trackers.ValueInput =
                    switch value {
                    case .clear: .clear
                    case .flag(let flag): .flag(flag)
                    case .number(let number): .number(number)
                    }
                saved = try await env.trackers.setValue(input, trackerID: id, day: date, madeAt: madeAt)
            case (nil, nil): throw Trackers.Problem.invalidDate
            }
            return try answer(.said(saved), env)
        }
        router.delete("/api/v1/trackers/{id}/values/{date}") { request, context in
            let id = try context.parameters.require("id")
            let date = context.parameters.get("date")
            try await context.env.trackers.setValue(.clear, trackerID: id, day: date, madeAt: MadeAt.of(request))
            return Response(status: .noContent)
        }
    }

    /// What an API request found or did, as the presenter shows it in the owner's language.
    private func answer(
        _ answer: Trackers.APIAnswer, _ env: PageEnvironment, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        try JSONResponse.make(TrackerPresenter.present(answer, localizer: env.localizer), status: status)
    }

    static func day(_ raw: String, today: DayKey) throws -> DayKey {
        guard let day = DayKey(string: raw) else { throw Trackers.Problem.invalidDate }
        return min(day, today)
    }
}
