import DaybookCore
import Foundation

public enum PhotoPresenter {
    public static func present(_ photo: Photo) -> Photos.ViewModel {
        Photos.ViewModel(
            id: photo.id, type: photo.type.rawValue, width: photo.width, height: photo.height, bytes: photo.bytes,
            takenAt: photo.takenAt, latitude: photo.latitude, longitude: photo.longitude, url: "/photos/\(photo.id)")
    }

    /// Why a request was refused, in the owner's language.
    public static func message(for problem: Photos.Problem, localizer: Localizer) -> String {
        switch problem {
        case .tooLarge: localizer("photo.error.tooLarge", Photo.Limits.bytes / (1024 * 1024))
        case .unsupportedType: localizer("photo.error.unsupported")
        case .tooManyPixels(let width, let height):
            localizer(
                "photo.error.tooManyPixels", localizer.number(width), localizer.number(height),
                localizer.number(Photo.Limits.pixels / 1_000_000), localizer.number(Photo.Limits.side))
        case .unreadable: localizer("photo.error.unreadable")
        case .unknownPhoto: localizer("photo.error.unknown")
        case .invalidWidth: localizer("photo.error.width", PhotoWidths.largestAsked)
        case .invalidID: localizer("photo.error.invalidID")
        case .idTaken: localizer("photo.error.idTaken")
        }
    }
}
