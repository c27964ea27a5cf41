import Foundation

/// The pixel sizes of the photos a text may show, so a page knows each image's shape before it loads.
public struct MarkdownPhotoLookup: Sendable, Equatable {
    /// A photo's size in pixels, as it is shown (after its orientation is applied).
    public struct Size: Sendable, Hashable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    private var sizes: [UUID: Size]

    public init(_ sizes: [UUID: Size] = [:]) {
        self.sizes = sizes
    }

    /// No size known: images still show, without a width and height.
    public static let none = MarkdownPhotoLookup()

    /// The size of photo `id`, or `nil` when it is not known here.
    public func size(of id: UUID) -> Size? {
        sizes[id]
    }
}
