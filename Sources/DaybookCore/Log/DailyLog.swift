import Foundation

/// What a person noted about one day: how they slept, their mood, and a reflection.
public struct DailyLog: Equatable, Sendable {
    public var day: DayKey
    /// 1 (very poorly) to 5 (very well); `nil` until noted.
    public var sleepQuality: Int?
    /// 1 (very low) to 5 (very good); `nil` until noted.
    public var mood: Int?
    public var reflection: String
    public var updatedAt: Date

    public init(day: DayKey, sleepQuality: Int? = nil, mood: Int? = nil, reflection: String = "", updatedAt: Date) {
        self.day = day
        self.sleepQuality = sleepQuality
        self.mood = mood
        self.reflection = reflection
        self.updatedAt = updatedAt
    }

    /// Nothing noted: no ratings and no reflection.
    public var isEmpty: Bool {
        sleepQuality == nil && mood == nil && reflection.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Explicit limits, shown to people when they are crossed.
    public enum Limits {
        /// Sleep quality and mood are rated on the same five steps.
        public static let rating = 1...5
        /// A generous limit for a day's reflection, in characters.
        public static let reflectionLength = 20_000
    }
}

/// Where daily logs are kept.
public protocol DailyLogStore: Sendable {
    /// The log of `day`, or `nil` when nothing was noted.
    func dailyLog(on day: DayKey) async throws -> DailyLog?
    /// Notes the sleep quality of `day`, keeping the rest of its log.
    func saveSleepQuality(_ quality: Int, on day: DayKey, at now: Date) async throws
    /// Replaces the log of `log.day` (an empty log removes the row).
    func saveLog(_ log: DailyLog) async throws
    /// The logs from `first` through `last`, by day.
    func dailyLogs(from first: DayKey, through last: DayKey) async throws -> [DayKey: DailyLog]
}
