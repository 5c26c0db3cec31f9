import Foundation
import Imaging
@testable import PrintedBook
import Testing
import TestSupport

/// A book of generated photos written as a PDF and read back by Debian's PDF tools (qpdf,
/// poppler's pdfinfo, pdffonts, pdfimages, pdftotext and pdftoppm): print-ready as a print shop
/// takes it.
@Suite struct BookPDFTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("roadtrip-book") }

    private func run(_ tool: String, _ arguments: [String]) throws -> CommandResult {
        try ChildProcess("/usr/bin/" + tool, arguments).waitForExit(within: 60)
    }

    /// A photo drawn at `width` × `height` pixels.
    private func photo(_ name: String, _ width: Int, _ height: Int, seed: UInt64, caption: String) throws -> BookPhoto {
        let path = folder.url.appendingPathComponent(name + ".jpg").path
        try SyntheticPhoto.write(to: path, format: .jpeg, width: width, height: height, metadata: PhotoMetadata(), seed: seed)
        return BookPhoto(name: name, path: path, width: width, height: height, caption: caption)
    }

    @Test func aBookPassesQPDFsCheckWithItsBoxesFontsPhotosTextAndRoute() throws {
        // setup: portrait, landscape, panorama, square and a tiny photo over three days; a route
        // through places with accents and one in Arabic
        let photos = [
            try photo("portrait", 1400, 2100, seed: 1, caption: "Torre de Belém, 10:12"),
            try photo("landscape", 2100, 1400, seed: 2, caption: "Évora’s temple"),
            try photo("panorama", 4000, 900, seed: 3, caption: "The Tagus"),
            try photo("square", 1600, 1600, seed: 4, caption: "Tiles"),
            try photo("tiny", 80, 60, seed: 5, caption: "A thumbnail"),
        ]
        let route = BookRoute(
            lines: [
                [
                    BookPoint(latitude: 38.70, longitude: -9.20), BookPoint(latitude: 38.57, longitude: -7.91),
                    BookPoint(latitude: 31.63, longitude: -8.00),
                ]
            ],
            places: [
                ("Lisboa", BookPoint(latitude: 38.70, longitude: -9.20)), ("Évora", BookPoint(latitude: 38.57, longitude: -7.91)),
                ("مراكش", BookPoint(latitude: 31.63, longitude: -8.00)),
            ])
        let content = BookContent(
            title: "Portugal and Morocco", subtitle: "8–10 June 2019", cover: photos[1], route: route,
            days: [
                BookDay(title: "Saturday 8 June 2019", places: ["Lisboa"], distance: "12 km travelled", photos: Array(photos[0..<2])),
                BookDay(title: "Sunday 9 June 2019", places: ["Évora"], distance: nil, photos: [photos[2]]),
                BookDay(title: "Monday 10 June 2019", places: ["مراكش"], distance: "610 km travelled", photos: Array(photos[3...])),
            ],
            figures: [("Days", "3"), ("Places", "3"), ("Countries", "2"), ("Kilometres", "622"), ("Photos", "5")])
        let path = folder.url.appendingPathComponent("book.pdf").path
        var told: [Int] = []

        // MUT
        let report = try BookPrinter(size: .a4, processor: ImageProcessor()).writePDF(content, to: path) { page, _ in
            told.append(page)
            return true
        }

        // validate: qpdf finds nothing wrong
        let check = try run("qpdf", ["--check", path])
        #expect(check.status == 0 && check.standardOutput.contains("No syntax or stream encoding errors found"), "\(check.standardOutput)")
        // an even count of A4 pages, each with 3 mm of bleed and its trim box at the trimmed size
        let info = try run("pdfinfo", ["-box", "-f", "1", "-l", "100", path]).standardOutput
        let pages = Int(info.firstMatch(of: /Pages:\s+(\d+)/)?.output.1 ?? "") ?? -1
        #expect(pages == report.pages && pages % 2 == 0 && told == Array(1...pages), "\(info)")
        let bleed = 3 * 72 / 25.4
        for match in info.matches(of: /Page\s+\d+\s+TrimBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/) {
            let (left, bottom, right, top) = (
                Double(match.output.1)!, Double(match.output.2)!, Double(match.output.3)!, Double(match.output.4)!
            )
            #expect(abs(left - bleed) < 0.01 && abs(bottom - bleed) < 0.01, "\(match.output.0)")
            #expect(abs(right - left - 595.28) < 0.01 && abs(top - bottom - 841.89) < 0.01, "A4 to the point: \(match.output.0)")
        }
        #expect(info.matches(of: /TrimBox:/).count == pages && info.matches(of: /BleedBox:/).count == pages)
        // every font embedded
        let fonts = try run("pdffonts", [path]).standardOutput.split(separator: "\n").dropFirst(2)
        #expect(
            !fonts.isEmpty && fonts.allSatisfy { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).contains("yes") },
            "\(fonts)")
        // each photo once inside and the cover's once more; none with more pixels than it has
        let images = try run("pdfimages", ["-list", path]).standardOutput.split(separator: "\n").dropFirst(2)
            .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(images.count == photos.count + 1, "\(images)")
        let sizes = images.map { (Int($0[3]) ?? 0, Int($0[4]) ?? 0) }
        for (width, height) in sizes {
            #expect(photos.contains { $0.width >= width && $0.height >= height }, "never upscaled: \(width) × \(height)")
        }
        #expect(images.allSatisfy { $0[2] == "image" && $0[5] == "rgb" && $0[8] == "jpeg" }, "JPEG in sRGB's RGB")
        // the tiny photo is named in the report, with its page
        #expect(report.lowResolution.map(\.photo) == ["tiny"] && report.lowResolution.first.map { $0.dpi < 150 } == true)
        #expect(report.sentences.contains { $0.hasPrefix("1 photo prints below 150 dpi") })
        // names print as they are written
        let text = try run("pdftotext", [path, "-"]).standardOutput
        #expect(text.contains("Évora") && text.contains("Portugal and Morocco") && text.contains("Torre de Belém"), "\(text)")
        #expect(
            text.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) || (0xFE70...0xFEFF).contains($0.value) },
            "Arabic letters: \(text)")
        // the title page's map has the route: its colour in the page as pdftoppm draws it
        let prefix = folder.url.appendingPathComponent("page").path
        #expect(try run("pdftoppm", ["-f", "2", "-l", "2", "-r", "40", "-png", "-singlefile", path, prefix]).status == 0)
        let drawn = try ImageProcessor().printPicture(of: prefix + ".png", width: 2000, height: 2000, crop: false)
        let red = stride(from: 0, to: drawn.rgb.count, by: 3).count { at in
            abs(Int(drawn.rgb[at]) - 217) < 30 && abs(Int(drawn.rgb[at + 1]) - 64) < 30 && abs(Int(drawn.rgb[at + 2]) - 38) < 30
        }
        #expect(red > 20, "the route's line on the map: \(red) pixels")
    }

    @Test func aBookCancelledStopsAndLeavesNoFile() throws {
        let photos = [try photo("one", 300, 200, seed: 1, caption: "")]
        let content = BookContent(
            title: "T", subtitle: "", cover: nil, route: nil,
            days: [BookDay(title: "Day", places: [], distance: nil, photos: photos)], figures: [])
        let path = folder.url.appendingPathComponent("book.pdf").path

        #expect(throws: BookError.cancelled) {
            try BookPrinter(size: .square, processor: ImageProcessor()).writePDF(content, to: path) { page, _ in page < 3 }
        }
        #expect(!FileManager.default.fileExists(atPath: path) && !FileManager.default.fileExists(atPath: path + ".cairo"))
    }

    @Test func aPhotoThatCannotBeReadIsNamedAndNothingIsWritten() throws {
        let broken = folder.url.appendingPathComponent("broken.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]).write(to: URL(fileURLWithPath: broken))
        let content = BookContent(
            title: "T", subtitle: "", cover: nil, route: nil,
            days: [
                BookDay(
                    title: "Day", places: [], distance: nil,
                    photos: [BookPhoto(name: "broken", path: broken, width: 10, height: 10, caption: "")])
            ], figures: [])
        let path = folder.url.appendingPathComponent("book.pdf").path

        #expect { try BookPrinter(size: .letter, processor: ImageProcessor()).writePDF(content, to: path) } throws: { error in
            (error as? BookError)?.description.hasPrefix("broken cannot be printed: ") == true
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
