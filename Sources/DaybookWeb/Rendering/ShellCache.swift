import DaybookCore
import DaybookFeatures

/// The page shell as templates read it, encoded once per language, appearance, title and place rather than on
/// every page: its navigation and the words the offline script needs (about thirty catalog strings) are the
/// same on every visit until the owner changes language or appearance.
final class ShellCache: Sendable {
    struct Key: Hashable, Sendable {
        var language: AppLanguage
        var appearance: Appearance
        var title: String
        var current: AppSection?
        var showsNavigation: Bool
        var onMorePage: Bool
    }

    /// Titles are few (one per page, a day's in a Daily Log's); past this many the oldest are all forgotten.
    static let capacity = 256
    private let kept = Locked<[Key: TemplateValue]>([:])

    func shell(_ key: Key, make: () -> Shell.ViewModel) throws -> TemplateValue {
        if let hit = kept.withLock({ $0[key] }) { return hit }
        let shell = try TemplateValue.make(make())
        kept.withLock { kept in
            if kept.count >= Self.capacity { kept.removeAll() }
            kept[key] = shell
        }
        return shell
    }
}
