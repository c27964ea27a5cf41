import Foundation

/// A Day One JSON export (the ZIP's `Journal.json`, or any journal's JSON): entries with their Markdown, time
/// zone, tags, star, location and weather, and photos referenced as `dayone-moment://ID`, which are in the ZIP
/// as `photos/MD5.TYPE`.
public enum DayOneImport {
    public static func parse(_ json: Data, name: String = "Journal.json") throws -> ImportBatch {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let entries = root["entries"] as? [[String: Any]]
        else { throw ImportFailure.unreadable("\(name) is not a Day One export (no \"entries\")") }
        if let version = (root["metadata"] as? [String: Any])?["version"] as? String, !version.hasPrefix("1.") {
            throw ImportFailure.unknownVersion(version)
        }
        let dates = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var batch = ImportBatch()
        var photoPaths: Set<String> = []
        for (index, object) in entries.enumerated() {
            let uuid = object["uuid"] as? String ?? "entry-\(index)"
            guard let text = object["creationDate"] as? String,
                let moment = dates.date(from: text) ?? fractional.date(from: text)
            else {
                batch.problems.append(.init(item: "entry \(uuid)", reason: "it has no creation date Daybook can read"))
                continue
            }
            let zone = (object["timeZone"] as? String).flatMap(TimeZone.init(identifier:)) ?? .gmt
            var body = (object["text"] as? String ?? "").replacingOccurrences(of: "\\", with: "")
            for photo in object["photos"] as? [[String: Any]] ?? [] {
                guard let identifier = photo["identifier"] as? String, let md5 = photo["md5"] as? String else {
                    continue
                }
                let type = (photo["type"] as? String ?? "jpeg").lowercased()
                let path = "photos/\(md5).\(type)"
                if photoPaths.insert(identifier).inserted {
                    batch.photos.append(.init(sourceID: identifier, path: path))
                }
                body = body.replacingOccurrences(of: "dayone-moment://\(identifier)", with: "photo:\(identifier)")
            }
            // The first line is the title when Day One made it a heading.
            var title = ""
            var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let first = lines.first, first.hasPrefix("# ") {
                title = String(first.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                lines.removeFirst()
            }
            var place: Place?
            if let location = object["location"] as? [String: Any],
                let latitude = (location["latitude"] as? NSNumber)?.doubleValue,
                let longitude = (location["longitude"] as? NSNumber)?.doubleValue,
                let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            {
                let name =
                    [location["placeName"], location["localityName"]].compactMap { $0 as? String }
                    .first { !$0.isEmpty } ?? ""
                let country =
                    location["countryCode"] as? String
                    ?? (location["country"] as? String).flatMap {
                        $0.count == 2 ? $0.uppercased() : nil
                    }
                place = Place(coordinate: coordinate, name: name, country: country)
            }
            batch.entries.append(
                .init(
                    sourceID: uuid, moment: moment, timeZone: zone, title: title,
                    body: lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines),
                    tags: JrnlImport.unique(object["tags"] as? [String] ?? []),
                    starred: object["starred"] as? Bool ?? false, place: place,
                    weather: weather(object["weather"] as? [String: Any])))
        }
        return batch
    }

    static func weather(_ object: [String: Any]?) -> WeatherObservation? {
        guard let object, let temperature = (object["temperatureCelsius"] as? NSNumber)?.doubleValue else { return nil }
        let code = (object["weatherCode"] as? String ?? object["conditionsDescription"] as? String ?? "").lowercased()
        let condition: WeatherCondition =
            code.contains("thunder")
            ? .thunderstorm
            : code.contains("snow") || code.contains("sleet")
                ? .snow
                : code.contains("rain") || code.contains("drizzle") || code.contains("shower")
                    ? .rain
                    : code.contains("fog") || code.contains("mist") || code.contains("haze")
                        ? .fog
                        : code.contains("partly")
                            ? .partlyCloudy
                            : code.contains("cloud") || code.contains("overcast") ? .cloudy : .clear
        return WeatherObservation(
            condition: condition, temperature: temperature, high: temperature, low: temperature,
            precipitation: 0, wind: ((object["windSpeedKPH"] as? NSNumber)?.doubleValue ?? 0))
    }
}
