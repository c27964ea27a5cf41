public enum Privacy {
    public struct ViewModel: Sendable, Encodable {
        public var title: String
        public var lead: String
        public var sections: [Section]
    }

    public struct Section: Sendable, Encodable {
        public var heading: String
        public var paragraphs: [String]
        public var items: [Item]
        public var hasItems: Bool

        public init(heading: String, paragraphs: [String], items: [Item]) {
            self.heading = heading
            self.paragraphs = paragraphs
            self.items = items
            self.hasItems = !items.isEmpty
        }
    }

    public struct Item: Sendable, Encodable {
        public var label: String
        public var detail: String
    }
}
