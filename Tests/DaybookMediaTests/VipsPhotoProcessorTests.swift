import DaybookCore
import DaybookMedia
import DaybookTestSupport
import Foundation
import Testing

@Suite("Photos through libvips")
struct VipsPhotoProcessorTests {
    let processor = VipsPhotoProcessor()
    let folder = Fixtures.temporaryFolder()

    func file(_ data: Data, _ name: String = "picture") throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    @Test("the header tells the format, the stored size, the orientation and EXIF, without decoding")
    func header() async throws {
        let picture = try TestPictures.make(
            .jpeg, width: 300, height: 100, orientation: 6,
            exif: .init(dateTime: "2023:12:24 18:00:00", latitude: "48/1 51/1 24/1", latitudeRef: "N"))
        let header = try await processor.header(of: try file(picture))
        #expect(header.loader == "jpegload")
        #expect(header.storedWidth == 100 && header.storedHeight == 300 && header.orientation == 6)
        #expect(header.uprightSize == (300, 100))
        #expect(header.takenAt == "2023-12-24T18:00:00")
        #expect(abs((header.latitude ?? 0) - 48.8567) < 1e-3 && header.longitude == nil)
        let heic = try await processor.header(of: try file(try TestPictures.make(.heic), "heic"))
        #expect(heic.loader == "heifload" && heic.heifCompression == "hevc")
        let bomb = try await processor.header(of: try file(TestPictures.pngClaiming(width: 50_000, height: 50_000)))
        #expect(bomb.storedWidth == 50_000 && bomb.storedHeight == 50_000)
    }

    @Test("a rendition is upright, no wider than asked, JPEG, or WebP when transparent")
    func rendition() async throws {
        let opaque = try await processor.rendition(
            of: try file(try TestPictures.make(.jpeg, orientation: 8)), width: 160)
        #expect(opaque.type == .jpeg)
        let image = try TestPictures.pixel(in: opaque.data, x: 10, y: 10)
        #expect(image.width == 160 && image.height == 80 && image.values[0] > 200)
        let clear = try await processor.rendition(of: try file(try TestPictures.make(.png, alpha: true)), width: 320)
        #expect(clear.type == .webp)
        let bottom = try TestPictures.pixel(in: clear.data, x: 200, y: 120)
        #expect(bottom.values.count == 4 && bottom.values[3] < 10)
    }

    @Test("broken files become Swift errors, not crashes")
    func broken() async throws {
        let jpeg = try TestPictures.make(.jpeg, width: 800, height: 600)
        let truncated = try file(jpeg.prefix(jpeg.count / 3))
        await #expect(throws: PhotoProcessingError.self) { try await processor.rendition(of: truncated, width: 160) }
        let text = try file(Data("not an image".utf8), "text.jpg")
        await #expect(throws: PhotoProcessingError.self) { try await processor.header(of: text) }
        let missing = folder.appendingPathComponent("missing")
        await #expect(throws: PhotoProcessingError.self) { try await processor.header(of: missing) }
    }
}
