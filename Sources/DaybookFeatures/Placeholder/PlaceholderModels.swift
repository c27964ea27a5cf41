public enum Placeholder {
    /// A page whose feature is not built yet says so plainly.
    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var heading: String
        public var body: String
        public var backLabel: String
    }
}
