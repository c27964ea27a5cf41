import DaybookCore
import DaybookFeatures
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DaybookWeb

/// A weather service that counts what it is asked, and can be made to fail.
final class CountingWeather: WeatherProvider {
    let asked = Locked<[WeatherKey]>([])
    let failing = Locked(false)

    func observation(at key: WeatherKey) async throws -> WeatherObservation {
        asked.withLock { $0.append(key) }
        if failing.withLock({ $0 }) { throw UnreachableWeather.Offline() }
        return WeatherObservation(
            condition: .partlyCloudy, temperature: 18.4, high: 21, low: 12, precipitation: 0.4, wind: 11)
    }

    var count: Int { asked.withLock { $0.count } }
}

@Suite("Weather and connections")
struct WeatherTests {
    @Test("weather is asked once per place and hour, only when turned on; moving the entry asks again")
    func weatherIsCached() async throws {
        let provider = CountingWeather()
        let clock = ManualClock(.iso("2026-11-21T08:30:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock, weather: provider)
        let database = try #require(app.database)
        let weather = app.services.weatherInteractor(database)
        try await app.browse { browser in
            let created = try jsonObject(
                try await browser.send(
                    .post, "/api/v1/entries",
                    json:
                        #"{"title": "Walk", "date": "2026-11-20T07:15", "place": {"latitude": 37.5663, "longitude": 126.9779}}"#
                ))
            let id = try #require(created["id"] as? String)
            // Off by default: nothing is asked, and the entry is saved without weather.
            #expect(try await weather.refresh() == 0 && provider.count == 0)
            #expect(try jsonObject(try await browser.get("/api/v1/entries/\(id)"))["weather"] == nil)

            let on = try await browser.send(.patch, "/api/v1/connections", json: #"{"weather": true}"#)
            #expect(on.status == .ok)
            #expect(try await weather.refresh() == 1)
            #expect(provider.asked.withLock { $0 } == [WeatherKey(latitude: 376, longitude: 1270, hour: 498_646)])
            // Kept: refreshing, re-opening and editing the entry ask nothing more.
            #expect(try await weather.refresh() == 0)
            _ = try await browser.send(.patch, "/api/v1/entries/\(id)", json: #"{"revision": 1, "title": "Long walk"}"#)
            #expect(try await weather.refresh() == 0 && provider.count == 1)
            let shown = try jsonObject(try await browser.get("/api/v1/entries/\(id)"))
            #expect((shown["weather"] as? [String: Any])?["label"] as? String == "Partly cloudy, 18°C")
            let page = try await browser.get("/journal/\(id)").text
            #expect(page.contains("Partly cloudy, 18°C") && page.contains("High 21°C · Low 12°C · Rain 0.4 mm"))

            // Moved to Busan: asked once more.
            _ = try await browser.send(
                .patch, "/api/v1/entries/\(id)",
                json: #"{"revision": 2, "place": {"latitude": 35.1796, "longitude": 129.0756}}"#)
            #expect(try await weather.refresh() == 1 && provider.count == 2)
        }
    }

    @Test("a failed request leaves the entry as saved and is asked again later, once")
    func failuresRetry() async throws {
        let provider = CountingWeather()
        provider.failing.withLock { $0 = true }
        let clock = ManualClock(.iso("2026-11-21T08:30:00+09:00"))
        let app = try await TestApp.make(settings: Fixtures.settings(), clock: clock, weather: provider)
        let database = try #require(app.database)
        try await database.saveConnections(Connections(weather: true))
        let weather = app.services.weatherInteractor(database)
        try await app.browse { browser in
            let created = try await browser.send(
                .post, "/api/v1/entries",
                json:
                    #"{"title": "Rain?", "date": "2026-11-20T07:15", "place": {"latitude": 35.6895, "longitude": 139.6917}}"#
            )
            #expect(created.status == .created)
            #expect(try await weather.refresh() == 0 && provider.count == 1)
            // Not again at once: the wait after a failure grows.
            #expect(try await weather.refresh() == 0 && provider.count == 1)
            provider.failing.withLock { $0 = false }
            clock.advance(by: WeatherRetry.wait(afterFailures: 1) + 1)
            #expect(try await weather.refresh() == 1 && provider.count == 2)
            #expect(try await weather.refresh() == 0 && provider.count == 2)
        }
    }

    @Test("hours before 1970 are counted as Swift counts them, and hours before 1940 are never asked")
    func oldEntries() async throws {
        let provider = CountingWeather()
        let app = try await TestApp.make(settings: Fixtures.settings(), weather: provider)
        let database = try #require(app.database)
        try await database.saveConnections(Connections(weather: true))
        try await app.browse { browser in
            for date in ["1960-05-01T07:30", "1931-05-01T07:30"] {
                let created = try await browser.send(
                    .post, "/api/v1/entries",
                    json: #"{"title": "Old", "date": "\#(date)", "place": {"latitude": -33.87, "longitude": 151.21}}"#)
                #expect(created.status == .created)
            }
            #expect(try await app.services.weatherInteractor(database).refresh() == 1)
            let moment = try #require(Date.iso("1960-05-01T07:30:00+09:00") as Date?)
            let expected = WeatherKey(Coordinate(latitude: -33.87, longitude: 151.21)!, at: moment)
            #expect(provider.asked.withLock { $0 } == [expected])
            #expect(expected.latitude == -339 && expected.hour < 0)
        }
    }

    @Test("imperial units show °F, inches and mph")
    func units() {
        let localizer = Localizer(language: .english, timeZone: .gmt, catalog: .bundled)
        let view = WeatherPresenter.view(
            WeatherObservation(
                condition: .rain, temperature: -0.2, high: 10, low: -5, precipitation: 25.4, wind: 16.09),
            units: .imperial, localizer: localizer)
        #expect(view.label == "Rain, 32°F")
        #expect(view.detail == "High 50°F · Low 23°F · Rain 1 in · Wind 10 mph")
    }

    @Test("Open-Meteo's answer is read for the entry's hour")
    func openMeteoAnswer() throws {
        let key = WeatherKey(latitude: 376, longitude: 1270, hour: 498_646)  // 2026-11-19T22:00Z
        let json = """
            {"hourly": {"time": ["2026-11-19T21:00", "2026-11-19T22:00"], "temperature_2m": [4.1, 3.6],
              "precipitation": [0, 0.2], "weather_code": [0, 61], "wind_speed_10m": [7.2, 9.4]},
             "daily": {"temperature_2m_max": [11.2], "temperature_2m_min": [2.9]}}
            """
        let observation = try #require(OpenMeteo.parse(Data(json.utf8), key: key))
        #expect(
            observation
                == WeatherObservation(
                    condition: .rain, temperature: 3.6, high: 11.2, low: 2.9, precipitation: 0.2, wind: 9.4))
        #expect(OpenMeteo.parse(Data(#"{"error": true}"#.utf8), key: key) == nil)
        #expect(
            OpenMeteo.address("https://api.open-meteo.com/v1/forecast", key: key).contains(
                "latitude=37.6&longitude=127&start_date=2026-11-19"))
    }

    @Test("tiles are off until set; then the Map, and only the Map, may load images from that server")
    func tiles() async throws {
        let app = try await TestApp.make(settings: Fixtures.settings())
        try await app.browse { browser in
            let before = try await browser.get("/map")
            #expect(before.text.contains(#"data-tiles="""#))
            #expect(before.headers[.contentSecurityPolicy]?.contains("img-src 'self' data: blob:;") == true)
            #expect(before.headers[HTTPField.Name("Permissions-Policy")!]?.contains("geolocation=(self)") == true)
            for bad in [
                #"{"tileURL": "ftp://tiles.example/{z}/{x}/{y}.png"}"#,
                #"{"tileURL": "https://tiles.example/map.png"}"#,
                #"{"geocoderURL": "nominatim"}"#, #"{"tileURL": "https://{s}.tile.example/{z}/{x}/{y}.png"}"#,
            ] {
                let refused = try await browser.send(.patch, "/api/v1/connections", json: bad)
                #expect(refused.status == .unprocessableContent, "\(bad)")
            }
            #expect(try jsonObject(try await browser.get("/api/v1/connections"))["tileURL"] as? String == "")
            let set = try await browser.send(
                .patch, "/api/v1/connections",
                json:
                    #"{"tileURL": "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "tileAttribution": "© OpenStreetMap contributors"}"#
            )
            #expect(set.status == .ok)
            let after = try await browser.get("/map")
            #expect(after.text.contains(#"data-tiles="https://tile.openstreetmap.org/{z}/{x}/{y}.png""#))
            #expect(
                after.headers[.contentSecurityPolicy]?.contains(
                    "img-src 'self' data: blob: https://tile.openstreetmap.org")
                    == true)
            let staticMap = try await browser.get("/map/static.svg?at=37.5,127")
            #expect(
                staticMap.headers[.contentSecurityPolicy]
                    == "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
            let elsewhere = try await browser.get("/journal")
            #expect(elsewhere.headers[.contentSecurityPolicy]?.contains("openstreetmap") == false)
            // The form says the same, in the owner's language, and refuses the same.
            let form = try await browser.post("/settings/connections", form: ["tileURL": "tiles", "weather": "off"])
            #expect(
                form.status == .unprocessableContent && form.text.contains("Map tiles need an http or https address"))
        }
    }
}
