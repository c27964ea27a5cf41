import DaybookCore
import Foundation

/// The daily log of one day: computed goal completion, and what the owner notes (sleep, mood, reflection).
public struct LogInteractor: Sendable {
    private let settings: any SettingsStore
    private let logs: any DailyLogStore
    private let snapshots: any SnapshotStore
    private let clock: any DaybookClock
    private let events: EventBus

    public init(
        settings: any SettingsStore, logs: any DailyLogStore, snapshots: any SnapshotStore, clock: any DaybookClock,
        events: EventBus = EventBus()
    ) {
        self.settings = settings
        self.logs = logs
        self.snapshots = snapshots
        self.clock = clock
        self.events = events
    }

    /// - Parameter rawDay: `YYYY-MM-DD`, or `nil` for today.
    /// - Returns: `nil` while onboarding is not finished.
    /// - Throws: `Log.Problem.invalidDate` or `.futureDay`.
    public func load(_ rawDay: String?) async throws -> Log.Load.Response? {
        guard let settings = try await settings.loadSettings(), !settings.needsOnboarding else { return nil }
        let today = DayKey(date: clock.now(), timeZone: settings.timeZone)
        return try await load(Self.day(rawDay, today: today), today: today, settings: settings)
    }

    /// The log of `day` as its page shows it, for an owner who has finished setup.
    private func load(_ day: DayKey, today: DayKey, settings: Settings) async throws -> Log.Load.Response {
        let zone = settings.timeZone
        let calendar = Calendar.gregorian(in: zone)
        return try await snapshots.read(splittingDaysIn: zone) { store in
            Log.Load.Response(
                settings: settings, day: day, today: today, log: try store.dailyLog(on: day),
                tasks: try store.tasks(on: day, calendar: calendar),
                focusSeconds: try store.focusDays(from: day, through: day)[day]?.seconds ?? 0)
        }
    }

    /// Saves what `change` names in the log of `rawDay` (today when `nil`) in one write, as the person made it at
    /// `madeAt` (a change sent later from a device that was offline; never later than now): a field changed since,
    /// on another device, keeps that value.
    ///
    /// - Returns: the day's log as its page now shows it.
    /// - Throws: `Onboarding.Problem.notSetUp` before setup is finished; `Log.Problem` for a bad day, a rating
    ///   outside 1–5 or an over-long reflection. Nothing is saved.
    @discardableResult
    public func save(_ change: Log.Change, on rawDay: String?, madeAt: Date? = nil) async throws -> Log.Load.Response {
        guard let owner = try await settings.loadSettings(), !owner.needsOnboarding else {
            throw Onboarding.Problem.notSetUp
        }
        let now = clock.now()
        let madeAt = madeAt.map { min($0, now) }
        let day = try Self.day(rawDay, today: DayKey(date: madeAt ?? now, timeZone: owner.timeZone))
        let sleep = try Self.rating(change.sleepQuality, .sleep)
        let mood = try Self.rating(change.mood, .mood)
        let reflection = change.reflection.map {
            $0.replacingOccurrences(of: "\r\n", with: "\n").trimmingWhiteSpace()
        }
        if let reflection, reflection.count > DailyLog.Limits.reflectionLength { throw Log.Problem.reflectionTooLong }
        let change = DailyLogChange(sleepQuality: sleep, mood: mood, reflection: reflection)
        _ = try await logs.changeLog(change, on: day, madeAt: madeAt, at: now)
        await events.publish(.log)
        return try await load(day, today: DayKey(date: now, timeZone: owner.timeZone), settings: owner)
    }

    static func day(_ raw: String?, today: DayKey) throws -> DayKey {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty, raw != "today" else { return today }
        guard let day = DayKey(string: raw) else { throw Log.Problem.invalidDate }
        guard day <= today else { throw Log.Problem.futureDay }
        return day
    }

    /// `nil`: leave as is; `.some(nil)`: clear; `.some(n)`: set.
    private static func rating(_ raw: String?, _ field: DailyRating) throws -> Int?? {
        guard let raw else { return .none }
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .some(nil) }
        guard let value = Int(text), DailyLog.Limits.rating.contains(value) else {
            throw Log.Problem.invalidRating(field)
        }
        return .some(value)
    }
}
