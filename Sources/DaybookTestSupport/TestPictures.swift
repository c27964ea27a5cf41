import DaybookVipsTesting
import Foundation

/// Pictures made at test time with libvips itself, in every format Daybook takes.
public enum TestPictures {
    /// Where `write` puts a picture: the suffix picks the format.
    public enum Format: String, CaseIterable, Sendable {
        case jpeg = "jpg"
        case png
        case webp
        case heic
        case tiff = "tif"
    }

    /// EXIF values to write, as libvips writes them.
    public struct Exif: Sendable {
        public var dateTime: String?
        public var offset: String?
        public var latitude: String?
        public var latitudeRef: String?
        public var longitude: String?
        public var longitudeRef: String?

        public init(
            dateTime: String? = nil, offset: String? = nil, latitude: String? = nil, latitudeRef: String? = nil,
            longitude: String? = nil, longitudeRef: String? = nil
        ) {
            self.dateTime = dateTime
            self.offset = offset
            self.latitude = latitude
            self.latitudeRef = latitudeRef
            self.longitude = longitude
            self.longitudeRef = longitudeRef
        }
    }

    /// A picture that shown upright is `width` × `height`, blue with a red top-left quadrant (the bottom half
    /// transparent with `alpha`), stored turned so that EXIF `orientation` turns it back.
    public static func make(
        _ format: Format, width: Int = 400, height: Int = 200, orientation: Int = 1, alpha: Bool = false,
        exif: Exif = Exif()
    ) throws -> Data {
        try withFile(format) { path in
            daybook_test_write_image(
                path, Int32(width), Int32(height), Int32(orientation), alpha ? 1 : 0, exif.dateTime, exif.offset,
                exif.latitude, exif.latitudeRef, exif.longitude, exif.longitudeRef)
        }
    }

    /// A JPEG of one colour given in Display P3, with the P3 profile embedded, and that colour in sRGB.
    public static func displayP3(red: Double, green: Double, blue: Double) throws -> (Data, sRGB: [Double]) {
        var srgb = [0.0, 0, 0]
        let data = try withFile(.jpeg) { path in
            daybook_test_write_p3(path, 64, 48, [red, green, blue], &srgb)
        }
        return (data, srgb)
    }

    /// An encoded image's size and the pixel at (`x`, `y`): up to four bands, 0–255.
    public static func pixel(in data: Data, x: Int, y: Int) throws -> (width: Int, height: Int, values: [Double]) {
        var values = [0.0, 0, 0, 0]
        var width: Int32 = 0
        var height: Int32 = 0
        var bands: Int32 = 0
        let status = data.withUnsafeBytes { bytes in
            daybook_test_read_pixel(
                bytes.baseAddress, bytes.count, Int32(x), Int32(y), &values, &width, &height, &bands)
        }
        guard status == 0 else { throw Failure.unreadable }
        return (Int(width), Int(height), Array(values.prefix(Int(bands))))
    }

    public enum Failure: Error {
        case notWritten
        case unreadable
    }

    private static func withFile(_ format: Format, _ write: (String) -> Int32) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "daybook-picture-\(ProcessInfo.processInfo.globallyUniqueString).\(format.rawValue)")
        defer { try? FileManager.default.removeItem(at: file) }
        guard write(file.path) == 0 else { throw Failure.notWritten }
        return try Data(contentsOf: file)
    }

    /// A PNG whose header claims `width` × `height` pixels, with almost no pixel data behind it.
    public static func pngClaiming(width: UInt32, height: UInt32) -> Data {
        func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(kind.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        // A zlib stream of a few zero bytes: the start of the first row.
        let data: [UInt8] = [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]
        let bytes =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", data)
            + chunk("IEND", [])
        return Data(bytes)
    }

    /// A one-pixel GIF89a.
    public static let gif = Data(
        Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF]
            + [0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B])

    public static let svg = Data(
        #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#.utf8)

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
