import DaybookCore

public enum AppBadgeScene {
    public struct Response: Equatable, Sendable {
        public var setting: AppBadge
        /// What the badge shows; `nil` while the badge is off.
        public var count: Int?

        public init(setting: AppBadge, count: Int?) {
            self.setting = setting
            self.count = count
        }
    }

    /// The badge as the API answers it (`/api/v1/badge`): what a page sets with `navigator.setAppBadge`.
    public struct ViewModel: Equatable, Sendable, Encodable {
        /// `off` or `leftToday`.
        public var appBadge: String
        /// The number to show; absent while the badge is off.
        public var count: Int?
    }
}
