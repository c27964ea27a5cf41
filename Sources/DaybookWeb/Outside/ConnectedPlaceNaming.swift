import AsyncHTTPClient
import DaybookCore
import DaybookStore
import Foundation
import NIOCore

/// Names places with the geocoder the owner turned on (Nominatim's reverse geocoding: street-level names), and
/// with the bundled gazetteer when it is off, cannot be reached or knows no name there.
struct ConnectedPlaceNaming: PlaceNaming {
    let connections: ConnectionsCache
    let gate: DatabaseGate
    var offline: any PlaceNaming = BundledGazetteer()
    static let timeout = TimeAmount.seconds(5)

    func place(at coordinate: Coordinate, language: AppLanguage) async -> Place? {
        if let base = await connections.current(gate.database)?.geocoderURL, !base.isEmpty,
            let named = try? await Self.reverse(base, coordinate, language)
        {
            return named
        }
        return await offline.place(at: coordinate, language: language)
    }

    private struct Answer: Decodable {
        struct Address: Decodable {
            var country_code: String?
            var road: String?
            var neighbourhood: String?
            var suburb: String?
            var village: String?
            var town: String?
            var city: String?
        }
        var name: String?
        var address: Address?
    }

    static func reverse(_ base: String, _ coordinate: Coordinate, _ language: AppLanguage) async throws -> Place? {
        let address =
            "\(base)/reverse?format=jsonv2&zoom=17&lat=\(Coordinate.fixed(coordinate.latitude))"
            + "&lon=\(Coordinate.fixed(coordinate.longitude))&accept-language=\(language.rawValue)"
        var request = HTTPClientRequest(url: address)
        // Nominatim's usage policy asks every application to name itself.
        request.headers.add(name: "User-Agent", value: "Daybook/\(BuildInfo.version) (self-hosted journal)")
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        guard response.status.code == 200 else { return nil }
        let body = try await response.body.collect(upTo: 256 * 1024)
        let answer = try JSONDecoder().decode(Answer.self, from: Data(body.readableBytesView))
        let parts = answer.address
        let local = [answer.name, parts?.road, parts?.neighbourhood, parts?.suburb].compactMap { $0 }
            .first { !$0.isEmpty }
        let town = parts?.city ?? parts?.town ?? parts?.village
        let name = [local, town].compactMap { $0 }.joined(separator: ", ")
        guard !name.isEmpty else { return nil }
        return Place(
            coordinate: coordinate, name: String(name.prefix(Place.Limits.nameLength)),
            country: parts?.country_code?.uppercased())
    }
}
