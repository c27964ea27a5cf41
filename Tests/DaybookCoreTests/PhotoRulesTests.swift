import DaybookCore
import Foundation
import Testing

@Suite("Photo rules")
struct PhotoRulesTests {
    @Test("formats are told by their first bytes, and only the four kept ones are recognised")
    func sniffing() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let brands = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
            let size = 8 + brands.count
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + brands + Array(repeating: 0, count: 16)
        }
        #expect(PhotoType.sniff([0xFF, 0xD8, 0xFF, 0xE1, 0, 0]) == .jpeg)
        #expect(PhotoType.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(PhotoType.sniff(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8)) == .webp)
        #expect(PhotoType.sniff(ftyp("heic", ["mif1", "heic"])) == .heic)
        #expect(PhotoType.sniff(ftyp("mif1", ["mif1", "heic"])) == .heic)
        #expect(PhotoType.sniff(ftyp("mif1", ["mif1"])) == .heif)
        #expect(PhotoType.sniff(ftyp("avif", ["mif1", "avif"])) == nil)
        #expect(PhotoType.sniff(ftyp("isom", ["mp41"])) == nil)
        #expect(PhotoType.sniff(Array("GIF89a".utf8) + [1, 0]) == nil)
        #expect(PhotoType.sniff(Array("<svg xmlns=".utf8)) == nil)
        #expect(PhotoType.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
        #expect(PhotoType.sniff([]) == nil)
    }

    @Test("a photo id is a lowercase UUID and nothing else")
    func ids() {
        #expect(Photo.isValidID("3f2b8c1e-0d4a-4b6e-9a53-2c1d0e9f8a7b"))
        for bad in [
            "3F2B8C1E-0D4A-4B6E-9A53-2C1D0E9F8A7B", "../x", "..", "%2e%2e", "", "3f2b8c1e0d4a4b6e9a532c1d0e9f8a7b",
            "3f2b8c1e-0d4a-4b6e-9a53-2c1d0e9f8a7b/..", "3f2b8c1e-0d4a-4b6e-9a53-2c1d0e9f8a7g",
        ] {
            #expect(!Photo.isValidID(bad), "\(bad)")
        }
    }

    @Test("asked widths snap up to the served sizes")
    func widths() {
        #expect(PhotoWidths.snapped(nil) == 1024)
        #expect(PhotoWidths.snapped(1) == 160)
        #expect(PhotoWidths.snapped(160) == 160)
        #expect(PhotoWidths.snapped(161) == 320)
        #expect(PhotoWidths.snapped(1100) == 1280)
        #expect(PhotoWidths.snapped(5000) == 2048)
    }

    @Test("EXIF time and position as libvips prints them")
    func exif() {
        #expect(
            ExifText.takenAt("2024:05:01 10:20:30 (2024:05:01 10:20:30, ASCII, 20 components, 20 bytes)", offset: nil)
                == "2024-05-01T10:20:30")
        #expect(
            ExifText.takenAt("2024:05:01 10:20:30", offset: "+09:00 (+09:00, ASCII, 7 components, 7 bytes)")
                == "2024-05-01T10:20:30+09:00")
        #expect(ExifText.takenAt("0000:00:00 00:00:00", offset: nil) == nil)
        #expect(ExifText.takenAt("    :  :     :  :  ", offset: nil) == nil)
        #expect(ExifText.takenAt("2024:05:01 10:20:30", offset: "Z") == "2024-05-01T10:20:30")
        let latitude = ExifText.coordinate(
            "37/1 33/1 3600/100 (37, 33, 36.00, Rational, 3 components, 24 bytes)",
            reference: "S (S, ASCII, 2 components, 2 bytes)", limit: 90)
        #expect(abs((latitude ?? 0) + 37.56) < 1e-9)
        #expect(
            ExifText.coordinate("126/1 58/1 0/1", reference: "E", limit: 180).map { abs($0 - 126.9667) < 1e-4 } == true)
        #expect(ExifText.coordinate("91/1 0/1 0/1", reference: "N", limit: 90) == nil)
        #expect(ExifText.coordinate("37/0 0/1 0/1", reference: "N", limit: 90) == nil)
        #expect(ExifText.coordinate("37/1 33/1", reference: "N", limit: 90) == nil)
    }

    @Test("a quarter-turn orientation swaps width and height")
    func upright() {
        let header = PhotoHeader(storedWidth: 400, storedHeight: 300, orientation: 6, loader: "jpegload")
        #expect(header.uprightSize == (300, 400))
        #expect(
            PhotoHeader(storedWidth: 400, storedHeight: 300, orientation: 3, loader: "jpegload").uprightSize == (
                400, 300
            ))
    }
}
