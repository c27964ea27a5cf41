/// Facts about this build of Daybook.
public enum BuildInfo {
    /// The version people see in Settings and `daybook --version`.
    public static let version = "0.1.0"
}
