import AsyncHTTPClient
import DaybookCore
import Foundation
import NIOCore

/// Open-Meteo's weather (open-meteo.com: no key, CC BY 4.0): the forecast API for the last few days, the
/// historical archive before them. Asked only when the owner turned weather on; what is sent is the middle
/// of the entry's tenth-of-a-degree square and its day.
struct OpenMeteo: WeatherProvider {
    var forecastURL = "https://api.open-meteo.com/v1/forecast"
    var archiveURL = "https://archive-api.open-meteo.com/v1/archive"
    /// Days the forecast API still holds; older days come from the archive.
    static let recentDays = 5.0
    static let timeout = TimeAmount.seconds(15)

    enum Failure: Error, CustomStringConvertible {
        case status(Int)
        case unreadable

        var description: String {
            switch self {
            case .status(let code): "Open-Meteo answered \(code)"
            case .unreadable: "Open-Meteo's answer held no weather for that hour"
            }
        }
    }

    func observation(at key: WeatherKey) async throws -> WeatherObservation {
        let recent = Date().timeIntervalSince(key.moment) < Self.recentDays * 86_400
        let request = HTTPClientRequest(url: Self.address(recent ? forecastURL : archiveURL, key: key))
        let response = try await HTTPClient.shared.execute(request, timeout: Self.timeout)
        guard response.status.code == 200 else { throw Failure.status(Int(response.status.code)) }
        let body = try await response.body.collect(upTo: 1 << 20)
        guard let observation = Self.parse(Data(body.readableBytesView), key: key) else { throw Failure.unreadable }
        return observation
    }

    static func day(_ key: WeatherKey) -> String {
        let format = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
        return key.moment.formatted(format)
    }

    static func address(_ base: String, key: WeatherKey) -> String {
        let point = key.coordinate
        let day = day(key)
        return "\(base)?latitude=\(Coordinate.fixed(point.latitude))&longitude=\(Coordinate.fixed(point.longitude))"
            + "&start_date=\(day)&end_date=\(day)&timezone=GMT&wind_speed_unit=kmh"
            + "&hourly=temperature_2m,precipitation,weather_code,wind_speed_10m"
            + "&daily=temperature_2m_max,temperature_2m_min"
    }

    private struct Answer: Decodable {
        struct Hourly: Decodable {
            var time: [String]
            var temperature_2m: [Double?]
            var precipitation: [Double?]
            var weather_code: [Int?]
            var wind_speed_10m: [Double?]
        }
        struct Daily: Decodable {
            var temperature_2m_max: [Double?]
            var temperature_2m_min: [Double?]
        }
        var hourly: Hourly
        var daily: Daily
    }

    /// The observation for the key's hour in an Open-Meteo answer; `nil` when it holds none.
    static func parse(_ data: Data, key: WeatherKey) -> WeatherObservation? {
        guard let answer = try? JSONDecoder().decode(Answer.self, from: data) else { return nil }
        let hour = key.moment.formatted(
            Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().time(includingFractionalSeconds: false))
        let wanted = String(hour.prefix(13)) + ":00"
        let hourly = answer.hourly
        guard let index = hourly.time.firstIndex(of: wanted), index < hourly.temperature_2m.count,
            index < hourly.weather_code.count, let code = hourly.weather_code[index],
            let condition = WeatherCondition(wmoCode: code), let temperature = hourly.temperature_2m[index]
        else { return nil }
        return WeatherObservation(
            condition: condition, temperature: temperature,
            high: answer.daily.temperature_2m_max.first.flatMap { $0 } ?? temperature,
            low: answer.daily.temperature_2m_min.first.flatMap { $0 } ?? temperature,
            precipitation: hourly.precipitation.indices.contains(index) ? hourly.precipitation[index] ?? 0 : 0,
            wind: hourly.wind_speed_10m.indices.contains(index) ? hourly.wind_speed_10m[index] ?? 0 : 0)
    }
}
