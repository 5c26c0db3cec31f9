import Foundation
import TestSupport
import Testing
@testable import Imaging

@Suite struct ConcurrentRenditionTests {
    @Test func eightTasksMakeRenditionsAtOnce() async throws {
        // setup
        let folder = try TemporaryFolder()
        let processor = ImageProcessor()
        let formats: [ImageFormat] = [.jpeg, .png, .webp, .heic]
        let sources = try (0..<8).map { index in
            try TestPhotos.make(
                in: folder, format: formats[index % 4], width: 640 + 10 * index, height: 480,
                metadata: PhotoMetadata(orientation: index % 2 == 0 ? 1 : 6), seed: UInt64(index))
        }
        let jobs = sources.indices.map { (sources[$0], folder.file("t\($0).webp"), folder.file("p\($0).jpg")) }
        // MUT
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (source, thumbnail, preview) in jobs {
                group.addTask {
                    try processor.makeRendition(.thumbnail, of: source, to: thumbnail)
                    try processor.makeRendition(.preview, of: source, to: preview)
                }
            }
            try await group.waitForAll()
        }
        // validate
        for (index, source) in sources.enumerated() {
            let display = try processor.inspect(fileAt: source).header
            let preview = try processor.inspect(fileAt: folder.file("p\(index).jpg")).header
            #expect((preview.width, preview.height) == (display.displayWidth, display.displayHeight))
            #expect(try processor.inspect(fileAt: folder.file("t\(index).webp")).header.format == .webp)
        }
    }

    @Test func eightTasksWritingOneDestinationLeaveOneWholeFile() async throws {
        // setup
        let folder = try TemporaryFolder()
        let processor = ImageProcessor()
        let source = try TestPhotos.make(in: folder, width: 1200, height: 800)
        let destination = folder.file("shared.jpg")
        // MUT
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { try processor.makeRendition(.preview, of: source, to: destination) }
            }
            try await group.waitForAll()
        }
        // validate
        #expect(try processor.inspect(fileAt: destination).header.width == 1200)
        #expect(try folder.names() == ["photo-1.jpg", "shared.jpg"])
    }

    @Test func brokenAndGoodFilesAtOnceKeepTheirOwnOutcome() async throws {
        // setup: libvips' error buffer is shared by all threads; each call must still fail or succeed on its own
        let folder = try TemporaryFolder()
        let processor = ImageProcessor()
        let good = try TestPhotos.make(in: folder, width: 800, height: 600)
        let whole = try folder.contents(of: "photo-1.jpg")
        let broken = try folder.write(Array(whole.prefix(whole.count / 2)), to: "broken.jpg")
        let destinations = (0..<8).map { folder.file("t\($0).webp") }
        // MUT
        let outcomes = try await withThrowingTaskGroup(of: (Int, ImagingError.Kind?).self) { group in
            for (index, destination) in destinations.enumerated() {
                group.addTask {
                    do {
                        try processor.makeRendition(.thumbnail, of: index % 2 == 0 ? good : broken, to: destination)
                        return (index, nil)
                    } catch {
                        return (index, (error as? ImagingError)?.kind)
                    }
                }
            }
            return try await group.reduce(into: [Int: ImagingError.Kind?]()) { $0[$1.0] = $1.1 }
        }
        // validate
        for index in 0..<8 {
            let expected: ImagingError.Kind? = index % 2 == 0 ? nil : .corrupt
            #expect(outcomes[index] == expected, "task \(index)")
        }
    }
}
