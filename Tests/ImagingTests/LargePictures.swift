import Foundation
@testable import Imaging

/// The pictures of the "small files, large memory" report, each 10000 × 10000 and almost all one
/// colour. Writing the PNG takes seconds, so they are made once into a folder kept between runs
/// (a few MB; `v1` names how they are made), each through a temporary name and a rename, so
/// test runs side by side never see half a file.
struct LargePictures: Sendable {
    static let side = 10_000
    /// 16-bit interlaced PNG, under a megabyte: libvips must hold all 600 MB of it to decode it.
    let interlacedPNG: String
    /// Four copies of it, for four decodes at once.
    let interlacedPNGs: [String]
    /// 12-bit HEIC (x265 encodes no more; libheif decodes it into 16-bit samples): 400 tiles.
    let deepHEIC: String
    /// A small PNG that the probe decodes first, so libvips' threads are running before it measures.
    let warmUp: String

    static let shared = Result { try LargePictures() }

    private init() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/roadtrip-imaging-tests-v1"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        interlacedPNG = try Self.made(folder + "/interlaced-16.png") {
            try FlatPicture.write(to: $0, format: .png, width: Self.side, height: Self.side, bits: 16, interlaced: true)
        }
        let original = interlacedPNG
        interlacedPNGs = try (1...4).map { index in
            try Self.made(folder + "/interlaced-16-\(index).png") { try FileManager.default.copyItem(atPath: original, toPath: $0) }
        }
        deepHEIC = try Self.made(folder + "/deep-12.heic") { path in
            let tile = path + ".tile.heic"
            defer { try? FileManager.default.removeItem(atPath: tile) }
            try FlatPicture.write(to: tile, format: .heic, width: 512, height: 512, bits: 12)
            let grid = try HEICGrid.make(fromTile: TestPhotos.bytes(at: tile), tileSize: 512, width: Self.side, height: Self.side)
            try Data(grid).write(to: URL(fileURLWithPath: path))
        }
        warmUp = try Self.made(folder + "/warm-up.png") {
            try FlatPicture.write(to: $0, format: .png, width: 64, height: 64, bits: 8)
        }
    }

    /// `path`, written by `make` to a temporary name first unless it is there already.
    private static func made(_ path: String, _ make: (String) throws -> Void) throws -> String {
        if FileManager.default.fileExists(atPath: path) { return path }
        let temporary = "\(path).\(UUID().uuidString).tmp.\(URL(fileURLWithPath: path).pathExtension)"
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        try make(temporary)
        guard rename(temporary, path) == 0 else { throw MemoryProbe.Failure("cannot rename \(temporary)") }
        return path
    }
}
