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

    @Test("a photo many times the width asked is decoded at a fraction of its size, yet upright, in colour, as wide")
    func decodedSmaller() async throws {
        // Stored turned a quarter: 2560 wide as stored, 1280 upright. Decoded at 1/4 it is 320 wide upright; at
        // 1/8, chosen from the stored width, it would be 160 and come out narrower than asked.
        for orientation in [6, 8] {
            let picture = try file(try TestPictures.make(.jpeg, width: 1280, height: 2560, orientation: orientation))
            let rendition = try await processor.rendition(of: picture, width: 320)
            let corner = try TestPictures.pixel(in: rendition.data, x: 40, y: 40)
            #expect(corner.width == 320 && corner.height == 640, "orientation \(orientation)")
            #expect(corner.values[0] > 200 && corner.values[2] < 60, "orientation \(orientation): \(corner.values)")
            let far = try TestPictures.pixel(in: rendition.data, x: 280, y: 600)
            #expect(far.values[0] < 60 && far.values[2] > 200, "orientation \(orientation): \(far.values)")
        }
        let wide = try file(try TestPictures.make(.jpeg, width: 1600, height: 800), "wide")
        let smallest = try TestPictures.pixel(in: try await processor.rendition(of: wide, width: 160).data, x: 0, y: 0)
        #expect(smallest.width == 160 && smallest.height == 80)
    }

    @Test("a truncated photo is found when it is decoded at 1/8 of its size, as at full size")
    func truncatedWhenDecodedSmaller() async throws {
        let jpeg = try TestPictures.make(.jpeg, width: 1600, height: 1200)
        for kept in [jpeg.count / 3, jpeg.count * 9 / 10] {
            let truncated = try file(jpeg.prefix(kept), "truncated-\(kept)")
            for width in [160, 1024] {
                await #expect(throws: PhotoProcessingError.self, "\(kept) bytes at \(width)") {
                    try await processor.rendition(of: truncated, width: width)
                }
            }
        }
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
