import DaybookCore

/// Another app's export brought in through `POST /api/v1/import/{source}`.
public enum ImportScene {
    /// An import request that does not say what to import, or how.
    public enum Problem: Error, Equatable, Sendable {
        /// Not one of the apps Daybook imports from.
        case unknownSource
        /// `dryRun` other than `true` or `false`.
        case invalidDryRun
        /// A `mood` that is not `NAME:LEVEL` with a level from 1 to 5.
        case invalidMood
    }
}
