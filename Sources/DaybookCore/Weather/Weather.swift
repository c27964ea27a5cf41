import Foundation

/// The weather at a place and hour, as a provider reports it (metric; shown in the owner's units).
public struct WeatherObservation: Equatable, Sendable, Codable {
    public var condition: WeatherCondition
    /// °C at the hour.
    public var temperature: Double
    /// The day's highest and lowest, °C.
    public var high: Double
    public var low: Double
    /// mm in the hour.
    public var precipitation: Double
    /// km/h, 10 m above ground.
    public var wind: Double

    public init(
        condition: WeatherCondition, temperature: Double, high: Double, low: Double, precipitation: Double,
        wind: Double
    ) {
        self.condition = condition
        self.temperature = temperature
        self.high = high
        self.low = low
        self.precipitation = precipitation
        self.wind = wind
    }
}

/// What the sky did, from the WMO weather codes providers report.
public enum WeatherCondition: String, CaseIterable, Sendable, Codable {
    case clear, partlyCloudy, cloudy, fog, drizzle, rain, snow, showers, thunderstorm

    /// The condition of a WMO 4677 present-weather code as Open-Meteo reports it; `nil` for an unknown code.
    public init?(wmoCode: Int) {
        switch wmoCode {
        case 0: self = .clear
        case 1, 2: self = .partlyCloudy
        case 3: self = .cloudy
        case 45, 48: self = .fog
        case 51...57: self = .drizzle
        case 61...67: self = .rain
        case 71...77, 85, 86: self = .snow
        case 80...82: self = .showers
        case 95...99: self = .thunderstorm
        default: return nil
        }
    }
}

/// Where a weather observation is kept: a square of a tenth of a degree (about 11 km) and an hour, as one
/// observation serves every entry written there and then. Re-opening or editing an entry finds it again;
/// moving the entry's place or time asks for another.
public struct WeatherKey: Hashable, Sendable {
    /// Latitude and longitude in tenths of a degree, rounded.
    public var latitude: Int
    public var longitude: Int
    /// Whole hours since 1970 (UTC).
    public var hour: Int

    public init(latitude: Int, longitude: Int, hour: Int) {
        self.latitude = latitude
        self.longitude = longitude
        self.hour = hour
    }

    public init(_ coordinate: Coordinate, at moment: Date) {
        self.init(
            latitude: Int((coordinate.latitude * 10).rounded()), longitude: Int((coordinate.longitude * 10).rounded()),
            hour: Int((moment.timeIntervalSince1970 / 3600).rounded(.down)))
    }

    /// The middle of the square: where the provider is asked.
    public var coordinate: Coordinate {
        Coordinate(latitude: Double(latitude) / 10, longitude: Double(longitude) / 10)
            ?? Coordinate(latitude: 0, longitude: 0)!
    }

    /// The start of the hour.
    public var moment: Date { Date(timeIntervalSince1970: Double(hour) * 3600) }
}

/// Reports the weather of a past or present hour at a point. The live one is Open-Meteo's, used only when the
/// owner turned weather on.
public protocol WeatherProvider: Sendable {
    /// - Throws: when the provider cannot be reached or answers with something else than weather.
    func observation(at key: WeatherKey) async throws -> WeatherObservation
}

/// Where observations are kept, with the hours still to ask for.
public protocol WeatherStore: Sendable {
    func weather(at key: WeatherKey) async throws -> WeatherObservation?
    func saveWeather(_ observation: WeatherObservation, at key: WeatherKey, fetchedAt: Date) async throws
    /// Notes a failed request: the hour is asked again after a wait that grows with each failure.
    func recordWeatherFailure(at key: WeatherKey, on date: Date, reason: String) async throws
    /// The keys of live entries with a place and no observation whose wait after a failure is over, from 1940
    /// to this hour, newest first, at most `limit`.
    func pendingWeather(now: Date, limit: Int) async throws -> [WeatherKey]
}

/// How long a failed hour waits before it is asked again: a minute, then longer each time, at most a day; after
/// `attempts` failures it is no longer asked.
public enum WeatherRetry {
    public static let attempts = 8
    /// Weather archives begin in 1940: earlier hours are never asked.
    public static let earliestHour = -262_992  // 1940-01-01T00:00Z
    public static func wait(afterFailures failures: Int) -> TimeInterval {
        min(60 * pow(4, Double(max(failures - 1, 0))), 86_400)
    }
}
