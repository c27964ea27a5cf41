import DaybookCore
import Foundation

public enum WeatherPresenter {
    /// An observation on an entry's page, in the owner's units and language.
    public struct View: Sendable, Encodable {
        /// The icon's id in `/static/icons/weather.svg`.
        public var icon: String
        /// `Partly cloudy, 18°C`.
        public var label: String
        /// `High 21° · Low 12° · Rain 0.4 mm · Wind 11 km/h`.
        public var detail: String
    }

    /// An observation as the API answers it: metric numbers, and the words in the owner's language.
    public struct JSON: Sendable, Encodable {
        public var condition: String
        public var temperature: Double
        public var high: Double
        public var low: Double
        public var precipitation: Double
        public var wind: Double
        public var label: String
    }

    public static func view(_ weather: WeatherObservation, units: UnitSystem, localizer: Localizer) -> View {
        let condition = localizer("weather.\(weather.condition.rawValue)")
        return View(
            icon: weather.condition.rawValue,
            label: localizer("weather.label", condition, temperature(weather.temperature, units, localizer)),
            detail: [
                localizer("weather.high", temperature(weather.high, units, localizer)),
                localizer("weather.low", temperature(weather.low, units, localizer)),
                localizer("weather.precipitation", precipitation(weather.precipitation, units, localizer)),
                localizer("weather.wind", wind(weather.wind, units, localizer)),
            ].joined(separator: " · "))
    }

    public static func json(_ weather: WeatherObservation, units: UnitSystem, localizer: Localizer) -> JSON {
        JSON(
            condition: weather.condition.rawValue, temperature: weather.temperature, high: weather.high,
            low: weather.low, precipitation: weather.precipitation, wind: weather.wind,
            label: view(weather, units: units, localizer: localizer).label)
    }

    static func temperature(_ celsius: Double, _ units: UnitSystem, _ localizer: Localizer) -> String {
        let value = units == .imperial ? celsius * 9 / 5 + 32 : celsius
        return "\(number(value, digits: 0, localizer))°" + (units == .imperial ? "F" : "C")
    }

    static func precipitation(_ millimetres: Double, _ units: UnitSystem, _ localizer: Localizer) -> String {
        units == .imperial
            ? "\(number(millimetres / 25.4, digits: 2, localizer)) in"
            : "\(number(millimetres, digits: 1, localizer)) mm"
    }

    static func wind(_ kilometresPerHour: Double, _ units: UnitSystem, _ localizer: Localizer) -> String {
        units == .imperial
            ? "\(number(kilometresPerHour / 1.609_344, digits: 0, localizer)) mph"
            : "\(number(kilometresPerHour, digits: 0, localizer)) km/h"
    }

    static func number(_ value: Double, digits: Int, _ localizer: Localizer) -> String {
        // "-0°" reads oddly: a value that rounds to zero is zero.
        let rounded = (value * pow(10, Double(digits))).rounded() / pow(10, Double(digits))
        return (rounded == 0 ? 0 : rounded).formatted(
            .number.precision(.fractionLength(0...digits)).locale(localizer.locale).grouping(.never))
    }
}
