import DaybookCore
import DaybookFeatures
import HTTPTypes

/// How photos answer each of their problems: one status and one code, the same in the API (the OpenAPI document
/// lists them) and for a photo a page shows.
extension Photos.Problem: SceneProblem {
    var status: HTTPResponse.Status {
        switch self {
        case .tooLarge: .contentTooLarge
        case .unsupportedType: .unsupportedMediaType
        case .tooManyPixels, .unreadable: .unprocessableContent
        case .unknownPhoto: .notFound
        case .invalidWidth, .invalidID: .badRequest
        case .idTaken: .conflict
        }
    }

    var code: String {
        switch self {
        case .tooLarge: "photoTooLarge"
        case .unsupportedType: "unsupportedPhotoType"
        case .tooManyPixels: "tooManyPixels"
        case .unreadable: "unreadablePhoto"
        case .unknownPhoto: "unknownPhoto"
        case .invalidWidth: "invalidWidth"
        case .invalidID: "invalidPhotoID"
        case .idTaken: "photoIDTaken"
        }
    }

    func message(_ localizer: Localizer) -> String {
        PhotoPresenter.message(for: self, localizer: localizer)
    }
}
