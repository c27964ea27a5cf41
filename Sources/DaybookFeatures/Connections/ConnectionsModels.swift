import DaybookCore
import Foundation

/// The services outside this machine the owner lets Daybook talk to: weather, map tiles and a geocoder.
public enum ConnectionsScene {
    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var lead: String
        public var weatherLabel: String
        public var weatherHint: String
        public var weatherOn: Bool
        public var tileURL: FormField
        public var tileAttribution: FormField
        public var geocoderURL: FormField
        public var saveLabel: String
        public var backLabel: String
        public var error: String?
        public var saved: Bool
        public var savedLabel: String
    }

    /// The connections as the API answers them.
    public struct JSON: Sendable, Encodable {
        public var weather: Bool
        public var tileURL: String
        public var tileAttribution: String
        public var geocoderURL: String
    }
}
