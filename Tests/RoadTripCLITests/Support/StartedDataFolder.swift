import Foundation
import RoadTrip
@testable import RoadTripWeb
import TestSupport

/// A data folder as a first start leaves it (the demo catalogue loaded, the demo photos drawn
/// and imported, the assets compressed into its cache), made once per test run and copied for each test that starts RoadTrip but is
/// not about the first start: drawing and importing the demo photos takes seconds of both
/// cores in a debug build, a copy takes milliseconds. A test of the first start itself starts
/// from an empty folder.
enum StartedDataFolder {
    private static let path = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-started-\(UUID().uuidString)").path

    private static let template: Result<URL, any Error> = Result {
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        ExitCleanup.add { try? FileManager.default.removeItem(atPath: StartedDataFolder.path) }
        // The library is closed (its write-ahead log folded in) before anything is copied.
        try {
            let library = try Library(folder: folder, readers: 1)
            _ = try library.catalog.loadDemoOnFirstStart()
            _ = try library.loadDemoPhotosOnFirstStart()
        }()
        // As the first start compresses the assets into its cache (this process's own catalogue
        // may be made already, without the folder).
        guard let assets = AssetCatalog.assetsFolder else { throw CocoaError(.fileNoSuchFile) }
        _ = try AssetCatalog(folder: assets, compressedCopies: AssetCatalog.compressedCopies(in: folder))
        return folder
    }

    /// A copy of the started folder at `destination`, which must not exist yet.
    static func copy(to destination: URL) throws {
        try FileManager.default.copyItem(at: template.get(), to: destination)
    }
}

extension TemporaryFolder {
    /// `data` in this folder, copied from a started folder: the path to give `--data`.
    func startedData() throws -> String {
        let data = url.appendingPathComponent("data")
        try StartedDataFolder.copy(to: data)
        return data.path
    }
}
