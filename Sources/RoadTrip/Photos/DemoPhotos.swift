import Foundation
import Imaging
import SQLDatabase

/// A small library for a first start, so that Places and the viewer have something to show:
/// pictures RoadTrip draws itself (no one else's photos, no licence to carry), with real EXIF —
/// positions in the demo destinations, dates, cameras, descriptions.
enum DemoPhotos {
    struct Entry {
        let fileName: String
        let format: ImageFormat
        let metadata: PhotoMetadata
    }

    static let entries: [Entry] = [
        entry("Central Park.jpg", "Bow Bridge on an autumn morning", 40.7752, -73.9716, "2024-10-19T09:12:40", "Fujifilm", "X-T5"),
        entry("Brooklyn Bridge.jpg", "Walking across at sunset", 40.7061, -73.9969, "2024-10-19T18:03:11", "Fujifilm", "X-T5"),
        entry("Times Square.jpg", nil, 40.7580, -73.9855, "2024-10-20T21:40:05", "Apple", "iPhone 15 Pro"),
        entry("The High Line.webp", "Gardens on the old rail line", 40.7480, -74.0048, "2024-10-21T11:25:00", "Apple", "iPhone 15 Pro"),
        entry("Golden Gate Bridge.jpg", "Fog rolling in over the towers", 37.8199, -122.4783, "2025-05-03T07:45:12", "Sony", "ILCE-7M4"),
        entry("Painted Ladies.jpg", "Alamo Square", 37.7763, -122.4328, "2025-05-03T16:20:48", "Sony", "ILCE-7M4"),
        entry("Ferry Building.png", nil, 37.7955, -122.3937, "2025-05-04T10:02:33", "Google", "Pixel 8"),
        entry("Muir Woods.jpg", "Redwoods, quiet trail", 37.8970, -122.5811, "2025-05-05T13:14:15", "Sony", "ILCE-7M4"),
        entry("IMG_0042.jpg", "A photo without a position", nil, nil, "2025-06-01T12:00:00", "Apple", "iPhone 15 Pro"),
    ]

    /// Draws and imports the demo photos the first time a library is opened, never again
    /// (a person who removes them does not get them back).
    @discardableResult
    static func loadOnFirstStart(into library: PhotoStore, scratch: URL) throws -> Bool {
        let first = try library.database.write { db in try LibraryEvents.recordOnce("demo-photos-loaded", in: db) }
        guard first else { return false }
        try? FileManager.default.removeItem(at: scratch)
        try DurableFile.makeFolder(scratch.path)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var sources: [ImportSource] = []
        for (index, entry) in entries.enumerated() {
            let path = scratch.appendingPathComponent(entry.fileName).path
            try SyntheticPhoto.write(
                to: path, format: entry.format, width: 1600, height: 1200, metadata: entry.metadata, seed: UInt64(index + 1))
            sources.append(ImportSource(path: path))
        }
        _ = PhotoImporter(library: library).run(sources)
        return true
    }

    private static func entry(
        _ fileName: String, _ description: String?, _ latitude: Double?, _ longitude: Double?, _ takenAt: String,
        _ make: String, _ model: String
    ) -> Entry {
        let format: ImageFormat = fileName.hasSuffix(".webp") ? .webp : fileName.hasSuffix(".png") ? .png : .jpeg
        return Entry(
            fileName: fileName, format: format,
            metadata: PhotoMetadata(
                takenAt: takenAt, latitude: latitude, longitude: longitude, cameraMake: make, cameraModel: model,
                imageDescription: description
            ))
    }
}

extension Library {
    /// The demo photo library, drawn and imported on the first start only.
    @discardableResult
    public func loadDemoPhotosOnFirstStart() throws -> Bool {
        try DemoPhotos.loadOnFirstStart(into: photos, scratch: folder.appendingPathComponent("cache/demo-photos"))
    }
}
