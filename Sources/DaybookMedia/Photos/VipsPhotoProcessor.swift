import DaybookCore
import DaybookVips
import Foundation

/// Reads and resizes photos with libvips (loaded on first use), one or two at a time on threads of its own so
/// neither the server's event loops nor Swift's shared executor wait on a decode.
public struct VipsPhotoProcessor: PhotoProcessor {
    private let workers: PhotoWorkers

    /// - Parameter concurrency: how many images may be decoded at once; each holds a few megabytes.
    public init(concurrency: Int = 2) {
        workers = PhotoWorkers(limit: concurrency)
    }

    public func header(of file: URL) async throws -> PhotoHeader {
        try await workers.run { try Self.readHeader(file) }
    }

    public func rendition(of file: URL, width: Int) async throws -> PhotoRendition {
        try await workers.run {
            var format = Int32(DAYBOOK_VIPS_JPEG)
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            try Self.call { error, size in
                daybook_vips_thumbnail(file.path, Int32(width), &format, &buffer, &length, error, size)
            }
            defer { daybook_vips_free(buffer) }
            guard let buffer else { throw PhotoProcessingError.unreadable("no output") }
            let type: RenditionType = format == Int32(DAYBOOK_VIPS_WEBP) ? .webp : .jpeg
            return PhotoRendition(data: Data(bytes: buffer, count: length), type: type)
        }
    }

    package static func readHeader(_ file: URL) throws -> PhotoHeader {
        var raw = daybook_vips_header()
        try call { error, size in daybook_vips_read_header(file.path, &raw, error, size) }
        func text<Field>(_ field: Field) -> String? {
            let string = withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return string.isEmpty ? nil : string
        }
        return PhotoHeader(
            storedWidth: Int(raw.width), storedHeight: Int(raw.height), orientation: Int(raw.orientation),
            hasAlpha: raw.has_alpha != 0, loader: text(raw.loader) ?? "",
            heifCompression: text(raw.heif_compression),
            takenAt: ExifText.takenAt(text(raw.date_time_original), offset: text(raw.offset_time_original)),
            latitude: ExifText.coordinate(
                text(raw.gps_latitude), reference: text(raw.gps_latitude_ref), limit: 90),
            longitude: ExifText.coordinate(
                text(raw.gps_longitude), reference: text(raw.gps_longitude_ref), limit: 180))
    }

    /// Runs a bridge call with room for its error text, and turns its answer into a Swift error.
    private static func call(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
        var error = [CChar](repeating: 0, count: 512)
        let status = error.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        guard status != DAYBOOK_VIPS_OK else { return }
        let message = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if status == DAYBOOK_VIPS_UNAVAILABLE { throw PhotoProcessingError.unavailable(message) }
        throw PhotoProcessingError.unreadable(message)
    }
}

/// A few threads of their own for image work, at most `limit` busy at once.
final class PhotoWorkers: Sendable {
    private let queue = DispatchQueue(label: "daybook.photos", attributes: .concurrent)
    private let slots: DispatchSemaphore

    init(limit: Int) {
        slots = DispatchSemaphore(value: max(1, limit))
    }

    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [slots] in
                slots.wait()
                defer { slots.signal() }
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
