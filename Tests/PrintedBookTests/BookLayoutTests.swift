import Foundation
import Imaging
@testable import PrintedBook
import Testing
import TestSupport

/// The layout alone: every photo once, none cropped, none past the safe margin, the count even.
@Suite struct BookLayoutTests {
    private func photo(_ name: String, _ width: Int, _ height: Int) -> BookPhoto {
        BookPhoto(name: name, path: "/nowhere/\(name).jpg", width: width, height: height, caption: name)
    }

    @Test(arguments: BookSize.allCases)
    func everyPhotoIsPlacedOnceUncroppedInsideTheSafeMarginAndThePagesAreEven(size: BookSize) {
        // setup: portrait, landscape, a panorama, a square and a tiny one, over three days
        let shapes = [
            (600, 900), (900, 600), (2400, 500), (700, 700), (80, 60), (900, 600), (600, 900), (900, 600), (900, 600), (600, 900),
        ]
        let photos = shapes.enumerated().map { photo("P\($0.offset)", $0.element.0, $0.element.1) }
        let content = BookContent(
            title: "Lisbon", subtitle: "8–10 June 2019", cover: photos[1], route: nil,
            days: [
                BookDay(title: "Day 1", places: [], distance: nil, photos: Array(photos[0..<4])),
                BookDay(title: "Day 2", places: [], distance: nil, photos: Array(photos[4..<5])),
                BookDay(title: "Day 3", places: [], distance: nil, photos: Array(photos[5...])),
            ],
            figures: [])
        let layout = BookLayout(size: size)

        // MUT
        let pages = layout.pages(of: content)

        // validate
        let inside = pages.filter { $0.kind == .photos }.flatMap(\.photos)
        #expect(inside.map(\.photo.name) == photos.map(\.name), "each photo once, in order")
        #expect(pages.count % 2 == 0 && pages.first?.kind == .cover && pages.last?.kind == .back)
        #expect(pages.filter { $0.kind == .day }.count == 3)
        for placed in inside {
            #expect(layout.geometry.safe.contains(placed.frame), "\(placed.photo.name) inside the safe margin on \(size)")
            #expect(abs(placed.frame.width / placed.frame.height - placed.photo.aspect) < 0.001, "\(placed.photo.name) is not cropped")
            if let caption = placed.caption { #expect(caption.y >= placed.frame.maxY, "the caption is under the photo, never on it") }
        }
        #expect(inside.allSatisfy { !$0.crop })
        #expect(pages.filter { $0.kind == .photos }.allSatisfy { (1...BookLayout.mostPerPage).contains($0.photos.count) })
    }

    @Test(arguments: BookSize.allCases)
    func theCoversTitleStaysInsideTheSafeMarginOnEveryThird(size: BookSize) {
        let printer = BookPrinter(size: size, processor: ImageProcessor())
        for third in 0..<3 {
            let (band, box) = printer.coverTitle(third: third)
            #expect(printer.geometry.safe.contains(box) && box.height > 20, "third \(third) on \(size): \(box)")
            #expect(band.y <= box.y && band.maxY >= box.maxY)
        }
    }
}
