import Foundation
import Geo
import Imaging
import RoadTrip

/// A RoadTrip library in the scratch folder for the targets that read into one: an account, and
/// photos at a few places so that the map has cells and points. Made once per process.
struct FuzzLibrary: Sendable {
    let library: Library
    let account: AccountID
    let photos: [Photo]

    static let shared: FuzzLibrary = {
        do {
            return try FuzzLibrary(folder: Scratch.folder("library"))
        } catch {
            fatalError("cannot make the fuzz library: \(error)")
        }
    }()

    static let places = [
        GazetteerPlace(
            id: 2267057, name: "Lisbon", region: nil, country: "Portugal", countryCode: "PT",
            coordinate: Coordinate(latitude: 38.71667, longitude: -9.13333)!, population: 517_802),
        GazetteerPlace(
            id: 2193733, name: "Auckland", region: nil, country: "New Zealand", countryCode: "NZ",
            coordinate: Coordinate(latitude: -36.84853, longitude: 174.76349)!, population: 417_910),
    ]

    init(folder: String) throws {
        library = try Library(folder: URL(fileURLWithPath: folder), readers: 1, gazetteer: GazetteerSource(Gazetteer(places: Self.places)))
        let password = "fuzzing is fun, and long"
        account = try library.accounts.create(name: "Fuzz", password: password, repeated: password).id
        var photos: [Photo] = []
        for (index, spot) in [(38.7139, -9.1394), (38.72, -9.14), (-36.8485, 174.7633), (0.0, 179.999)].enumerated() {
            let path = "\(folder)/photo-\(index).jpg"
            let metadata = PhotoMetadata(
                takenAt: "2024-05-0\(index + 1)T10:00:00", latitude: spot.0, longitude: spot.1,
                cameraMake: "Fujifilm", cameraModel: "X-T5", imageDescription: "Photo \(index)")
            try SyntheticPhoto.write(to: path, format: .jpeg, width: 64, height: 48, metadata: metadata, seed: UInt64(index + 1))
            guard case .imported(let photo, _) = library.photos.importPhoto(at: path, fileName: "photo-\(index).jpg", by: account) else {
                fatalError("the fuzz library's photo \(index) did not import")
            }
            _ = try library.photoTags.add("Tag \(index % 2)", to: photo.id, for: account)
            photos.append(photo)
        }
        self.photos = photos
    }
}
