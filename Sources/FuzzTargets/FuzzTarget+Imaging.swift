import Foundation
import Imaging

extension FuzzTarget {
    /// Uploaded files as the photo import first reads them: sniffed by their first bytes, their
    /// header and EXIF read through libvips and libexif, a JPEG's scans checked whole.
    static let imageHeader = FuzzTarget(name: "image-header", seeds: ImagingInput.imageSeeds) { bytes in
        let sniffed = ImageFormat(sniffing: bytes)
        let path = Scratch.file("upload", bytes)
        guard let inspected = try? ImagingInput.processor.inspect(fileAt: path) else { return }
        precondition(inspected.header.format == sniffed, "sniffed \(String(describing: sniffed)), read \(inspected.header.format)")
        precondition(
            inspected.header.width > 0 && inspected.header.height > 0
                && inspected.header.width * inspected.header.height <= ImagingInput.processor.pixelLimit,
            "a header of \(inspected.header.width) × \(inspected.header.height) was let through")
        ImagingInput.check(inspected.metadata)
        try? ImagingInput.processor.checkComplete(fileAt: path)
    }

    /// EXIF blocks (a JPEG's APP1 payload, "Exif\0\0" and the TIFF structure), carried by a small
    /// valid JPEG and read as an upload's are.
    static let exif = FuzzTarget(name: "exif", seeds: ImagingInput.exifSeeds) { bytes in
        guard bytes.count <= 65533 else { return }
        var jpeg = Array(ImagingInput.carrier.prefix(2))
        jpeg += ImagingInput.header(0xE1, bytes.count)
        jpeg += bytes
        jpeg += ImagingInput.carrier.dropFirst(2)
        let path = Scratch.file("exif.jpg", jpeg)
        guard let inspected = try? ImagingInput.processor.inspect(fileAt: path) else { return }
        ImagingInput.check(inspected.metadata)
    }
}

enum ImagingInput {
    /// A small pixel limit: the targets read headers, and decode only what is small.
    static let processor = ImageProcessor(pixelLimit: 4_000_000)

    /// What a photo's metadata may hold: a position on the globe, an orientation EXIF defines.
    static func check(_ metadata: PhotoMetadata) {
        if let latitude = metadata.latitude, let longitude = metadata.longitude {
            precondition(
                latitude.isFinite && (-90...90).contains(latitude) && longitude.isFinite && (-180...180).contains(longitude),
                "EXIF was read as \(latitude), \(longitude)")
        }
        precondition((1...8).contains(metadata.orientation), "EXIF was read as orientation \(metadata.orientation)")
    }

    /// A 16 × 16 JPEG without metadata: SOI, then the rest, with no APP1 of its own.
    static let carrier: [UInt8] = {
        do {
            return withoutAPP1(try picture(.jpeg, PhotoMetadata()))
        } catch {
            fatalError("cannot draw the EXIF carrier: \(error)")
        }
    }()

    static func picture(_ format: ImageFormat, _ metadata: PhotoMetadata, width: Int = 16, height: Int = 16) throws -> [UInt8] {
        let path = "\(Scratch.root)/seed.\(format.fileExtension)"
        try SyntheticPhoto.write(to: path, format: format, width: width, height: height, metadata: metadata, seed: 7)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The JPEG's segments before its scan, as (marker, payload); the bytes from the scan on.
    static func segments(_ jpeg: [UInt8]) -> (segments: [(marker: UInt8, payload: ArraySlice<UInt8>)], rest: ArraySlice<UInt8>) {
        var segments: [(marker: UInt8, payload: ArraySlice<UInt8>)] = []
        var index = 2
        while index + 4 <= jpeg.count, jpeg[index] == 0xFF, jpeg[index + 1] != 0xDA {
            let length = Int(jpeg[index + 2]) << 8 | Int(jpeg[index + 3])
            guard length >= 2, index + 2 + length <= jpeg.count else { break }
            segments.append((jpeg[index + 1], jpeg[(index + 4)..<(index + 2 + length)]))
            index += 2 + length
        }
        return (segments, jpeg[index...])
    }

    static func withoutAPP1(_ jpeg: [UInt8]) -> [UInt8] {
        let (segments, rest) = segments(jpeg)
        var result: [UInt8] = [0xFF, 0xD8]
        for segment in segments where segment.marker != 0xE1 { result += header(segment.marker, segment.payload.count) + segment.payload }
        return result + rest
    }

    /// A segment's marker and length, for a payload of `count` bytes.
    static func header(_ marker: UInt8, _ count: Int) -> [UInt8] {
        [0xFF, marker, UInt8((count + 2) >> 8), UInt8((count + 2) & 0xFF)]
    }

    static let seedMetadata = [
        (
            "gps-and-date",
            PhotoMetadata(
                takenAt: "2024-05-01T10:00:00", latitude: 38.7139, longitude: -9.1394, cameraMake: "Fujifilm",
                cameraModel: "X-T5", imageDescription: "Bel\u{E9}m at dusk", keywords: ["tower", "river"])
        ),
        ("south-west-turned", PhotoMetadata(takenAt: "1999-12-31T23:59:59", latitude: -33.8568, longitude: -151.2153, orientation: 6)),
        ("no-position", PhotoMetadata(orientation: 3, cameraMake: "Canon")),
    ]

    static func exifSeeds() throws -> [FuzzTarget.Seed] {
        try seedMetadata.compactMap { name, metadata in
            let app1 = segments(try picture(.jpeg, metadata)).segments.first { $0.marker == 0xE1 }
            return app1.map { FuzzTarget.Seed(name, Array($0.payload)) }
        }
    }

    static func imageSeeds() throws -> [FuzzTarget.Seed] {
        let (_, metadata) = seedMetadata[0]
        return try [ImageFormat.jpeg, .png, .webp, .heic].map { format in
            FuzzTarget.Seed(format.rawValue, try picture(format, metadata))
        } + [.init("turned-jpeg", try picture(.jpeg, seedMetadata[1].1, width: 24, height: 8))]
    }
}
