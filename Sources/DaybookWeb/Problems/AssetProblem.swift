import DaybookCore
import HTTPTypes

/// The app's own files: scripts, styles, sounds, the basemap, the API's description.
enum Assets {
    enum Problem: SceneProblem, Equatable {
        /// A file the app does not have.
        case notFound

        var status: HTTPResponse.Status { .notFound }
        var code: String { "notFound" }

        func message(_ localizer: Localizer) -> String { localizer("error.file.notFound") }
    }
}
