import DaybookCore
import Foundation

/// How a place reads on pages and in the API.
public enum PlacePresenter {
    /// A place as the API answers it.
    public struct JSON: Sendable, Encodable {
        public var latitude: Double
        public var longitude: Double
        public var name: String
        public var country: String?
        /// The name and country in the owner's language (`Seoul, South Korea`), or the point when it has no name.
        public var label: String
    }

    /// A place on an entry's page: its name, and a small map of it that opens the Map there.
    public struct View: Sendable, Encodable {
        public var label: String
        public var mapSrc: String
        public var mapHref: String
        public var mapAlt: String
    }

    public static func json(_ place: Place, localizer: Localizer) -> JSON {
        JSON(
            latitude: place.coordinate.latitude, longitude: place.coordinate.longitude, name: place.name,
            country: place.country, label: label(place, localizer: localizer))
    }

    public static func view(_ place: Place, localizer: Localizer) -> View {
        let at = place.coordinate.text
        let label = label(place, localizer: localizer)
        return View(
            label: label, mapSrc: "/map/static.svg?at=\(at)", mapHref: "/map?at=\(at)",
            mapAlt: localizer("map.static.alt", label))
    }

    /// `Seoul, South Korea`; the name alone when the country is unknown; the point (`37.56650° N, 126.97800° E`)
    /// when there is no name, such as at sea.
    public static func label(_ place: Place, localizer: Localizer) -> String {
        let country = place.country.flatMap { localizer.locale.localizedString(forRegionCode: $0) }
        switch (place.name.isEmpty, country) {
        case (false, let country?): return localizer("map.place.nameAndCountry", place.name, country)
        case (false, nil): return place.name
        case (true, let country?): return country
        case (true, nil): return point(place.coordinate, localizer: localizer)
        }
    }

    /// `37.56650° N, 126.97800° E`, with the owner's digits.
    public static func point(_ coordinate: Coordinate, localizer: Localizer) -> String {
        func degrees(_ value: Double, _ positive: String, _ negative: String) -> String {
            let number = abs(value).formatted(
                .number.precision(.fractionLength(4)).locale(localizer.locale).grouping(.never))
            return "\(number)° \(localizer(value < 0 ? negative : positive))"
        }
        return localizer(
            "map.place.point", degrees(coordinate.latitude, "map.north", "map.south"),
            degrees(coordinate.longitude, "map.east", "map.west"))
    }
}
