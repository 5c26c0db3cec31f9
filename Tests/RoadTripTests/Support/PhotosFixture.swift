import Foundation
import Geo
import Imaging
import SQLDatabase
@testable import RoadTrip

/// A library with a small gazetteer of its own and a folder of photos the test draws.
final class PhotosFixture: Sendable {
    let data = FreshDataFolder()
    let clock = TestClock()
    let library: Library
    let source: URL

    static let newYork = GazetteerPlace(
        id: 5128581, name: "New York City", region: "New York", country: "United States",
        countryCode: "US", coordinate: Coordinate(latitude: 40.71427, longitude: -74.00597)!, population: 8_804_190,
        timeZone: "America/New_York")
    static let sanFrancisco = GazetteerPlace(
        id: 5391959, name: "San Francisco", region: "California", country: "United States",
        countryCode: "US", coordinate: Coordinate(latitude: 37.77493, longitude: -122.41942)!, population: 864_816,
        timeZone: "America/Los_Angeles")
    static let saoPaulo = GazetteerPlace(
        id: 3448439, name: "São Paulo", region: nil, country: "Brazil",
        countryCode: "BR", coordinate: Coordinate(latitude: -23.5475, longitude: -46.63611)!, population: 10_021_295,
        timeZone: "America/Sao_Paulo")
    static let lisbon = GazetteerPlace(
        id: 2267057, name: "Lisbon", region: nil, country: "Portugal",
        countryCode: "PT", coordinate: Coordinate(latitude: 38.71667, longitude: -9.13333)!, population: 517_802,
        timeZone: "Europe/Lisbon")

    /// `gazetteer`: the four places above unless given (`GazetteerSource.bundled`: the world's, with its borders).
    init(engine: DatabaseEngine = .sqlite, exportLimit: UInt64 = VacationExports.defaultLimit, gazetteer: GazetteerSource? = nil) throws {
        library = try Library(
            folder: data.url, database: .migrated(for: engine, in: data.url), readers: 2, clock: clock.wallClock, hasher: .leastWork(),
            gazetteer: gazetteer ?? GazetteerSource(Gazetteer(places: [Self.newYork, Self.sanFrancisco, Self.saoPaulo, Self.lisbon])),
            exportLimit: exportLimit
        )
        source = data.url.deletingLastPathComponent().appendingPathComponent("roadtrip-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: source)
    }

    var photos: PhotoStore { library.photos }
    var vacations: VacationStore { library.vacations }
    var vacationsFolder: URL { data.url.appendingPathComponent("vacations") }

    /// A member account with the shared test password.
    func account(_ name: String) throws -> Account {
        try library.accounts.create(name: name, password: AccountsFixture.password, repeated: AccountsFixture.password)
    }

    /// Draws a photo into the source folder and returns its path.
    @discardableResult
    func draw(
        _ name: String, format: ImageFormat = .jpeg, width: Int = 320, height: Int = 240, seed: UInt64 = 1,
        at coordinate: (Double, Double)? = nil, takenAt: String? = "2024-05-01T10:00:00", description: String? = nil,
        orientation: Int = 1, takenOffset: Int? = nil, gpsTime: Int64? = nil, appleMakerNote: [UInt8]? = nil
    ) throws -> String {
        let path = source.appendingPathComponent(name).path
        let metadata = PhotoMetadata(
            takenAt: takenAt, latitude: coordinate?.0, longitude: coordinate?.1, orientation: orientation,
            cameraMake: "Fujifilm", cameraModel: "X-T5", imageDescription: description,
            takenOffset: takenOffset, gpsTime: gpsTime, appleMakerNote: appleMakerNote)
        try SyntheticPhoto.write(to: path, format: format, width: width, height: height, metadata: metadata, seed: seed)
        return path
    }

    func write(_ bytes: [UInt8], as name: String) throws -> String {
        let path = source.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every file under `folder` of the data folder (originals, cache), hidden ones included.
    func files(under folder: String) -> [String] {
        let root = data.url.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
    }

    func rows(in table: String) throws -> Int {
        try library.database.read { db in try db.fetchValue("SELECT count(*) FROM \(raw: table)") ?? -1 }
    }

    func importPhoto(_ path: String, name: String? = nil) -> ImportOutcome {
        photos.importPhoto(at: path, fileName: name ?? URL(fileURLWithPath: path).lastPathComponent, by: nil)
    }
}

extension ImportOutcome {
    var photo: Photo? {
        switch self {
        case .imported(let photo, _), .alreadyThere(let photo, _), .paired(let photo), .stacked(let photo): photo
        case .refused: nil
        }
    }

    var refusal: String? {
        if case .refused(let reason) = self { return reason }
        return nil
    }
}

/// Central Park, the Golden Gate Bridge, mid-Atlantic: positions the fixture's gazetteer knows about.
enum Spot {
    static let centralPark = (40.7752, -73.9716)
    static let goldenGate = (37.8199, -122.4783)
    static let paulista = (-23.5614, -46.6559)
    static let midAtlantic = (35.0, -40.0)
}

extension PhotosFixture {
    /// Two photos in New York, one in San Francisco, three in São Paulo (taken on 1–6 May 2024,
    /// in that order), one with no position.
    static func withPlaces(_ engine: DatabaseEngine) throws -> PhotosFixture {
        let fixture = try PhotosFixture(engine: engine)
        let spots = [Spot.centralPark, Spot.centralPark, Spot.goldenGate, Spot.paulista, Spot.paulista, Spot.paulista]
        for (index, spot) in spots.enumerated() {
            _ = fixture.importPhoto(
                try fixture.draw(
                    "p\(index).jpg", width: 64, height: 48, seed: UInt64(index + 1), at: spot,
                    takenAt: "2024-05-0\(index + 1)T10:00:00"))
        }
        _ = fixture.importPhoto(try fixture.draw("nowhere.jpg", width: 64, height: 48, seed: 99, at: nil))
        return fixture
    }
}
