import Compression
import Foundation
import HTTPServer
import Testing
import TestSupport
@testable import RoadTripWeb

/// The compressed assets a catalogue keeps between starts (`CompressedAssetStore`): read back
/// when they decode to the asset, made again when they do not, and only those of the assets
/// served kept.
@Suite struct CompressedAssetStoreTests {
    let assets: TemporaryFolder
    /// Leaflet's files, a few bytes each (too small to compress): the catalogue needs them.
    let leaflet: TemporaryFolder
    let copies: TemporaryFolder
    /// A stylesheet of kilobytes, which both codings make smaller.
    static let stylesheet = Array(String(repeating: ".page { margin: 0 auto; }\n", count: 400).utf8)

    init() throws {
        assets = try TemporaryFolder("assets")
        leaflet = try TemporaryFolder("leaflet")
        copies = try TemporaryFolder("compressed")
        try assets.write(Self.stylesheet, to: "app.css")
        for (_, file) in AssetCatalog.leafletFiles { try leaflet.write(Array("/**/".utf8), to: file) }
    }

    private func catalog(copiesIn folder: URL? = nil) throws -> AssetCatalog {
        try AssetCatalog(folder: assets.url, leaflet: leaflet.url, compressedCopies: folder ?? copies.url)
    }

    private func served(_ catalog: AssetCatalog, coding: String) throws -> [UInt8] {
        let path = catalog.route("app.css").path
        let response = try #require(
            catalog.response(
                for: String(path.dropFirst("/static/".count)), request: Request(path: path, headers: ["Accept-Encoding": coding])))
        #expect(response.headers["Content-Encoding"] == coding)
        return response.bodyBytes
    }

    private func keptFile(_ catalog: AssetCatalog, _ coding: ContentCoding) -> URL {
        copies.url.appendingPathComponent(
            CompressedAssetStore.fileName(String(catalog.route("app.css").path.dropFirst("/static/".count)), coding))
    }

    @Test func theFirstStartKeepsEachCodingAndTheNextServesTheKeptCopy() throws {
        // setup: the first start compresses and keeps; the kept gzip copy is then changed in a
        // way that decodes the same (its header's time), so serving it shows it was read
        let first = try catalog()
        for coding in [ContentCoding.brotli, .gzip] {
            let kept = try #require(FileManager.default.contents(atPath: keptFile(first, coding).path), "\(coding) kept")
            #expect(coding.decode([UInt8](kept)) == Self.stylesheet)
            #expect(try served(first, coding: coding.rawValue) == [UInt8](kept))
        }
        var marked = [UInt8](try #require(FileManager.default.contents(atPath: keptFile(first, .gzip).path)))
        marked[4...7] = [0x01, 0x02, 0x03, 0x04]  // MTIME, which no decoder checks
        try Data(marked).write(to: keptFile(first, .gzip))

        // MUT
        let next = try catalog()

        // validate
        #expect(try served(next, coding: "gzip") == marked)
        #expect(ContentCoding.gzip.decode(try served(next, coding: "gzip")) == Self.stylesheet)
    }

    @Test(
        arguments: [
            ("damaged", [UInt8](repeating: 0xFF, count: 64)),
            ("cut short", nil),
            ("empty", []),
        ] as [(String, [UInt8]?)])
    func aCopyThatDoesNotDecodeToTheAssetIsMadeAgain(what: String, damage: [UInt8]?) throws {
        // setup
        let first = try catalog()
        let file = keptFile(first, .brotli)
        let whole = [UInt8](try #require(FileManager.default.contents(atPath: file.path)))
        try Data(damage ?? Array(whole.prefix(whole.count / 2))).write(to: file)

        // MUT
        let next = try catalog()

        // validate
        #expect(ContentCoding.brotli.decode(try served(next, coding: "br")) == Self.stylesheet, "\(what)")
        #expect(FileManager.default.contents(atPath: file.path).map([UInt8].init) == whole, "\(what): kept again, whole")
    }

    @Test func aChangedAssetGetsNewCopiesAndTheOldOnesAndLeftoversGo() throws {
        // setup: a start's copies, a write a killed start left an hour ago, and one another
        // instance is writing now
        let first = try catalog()
        let old = [keptFile(first, .brotli), keptFile(first, .gzip)]
        try copies.write([1, 2, 3], to: ".app.css.br.left", modified: Int(Date().timeIntervalSince1970) - 3_600)
        try copies.write([1, 2, 3], to: ".app.css.br.writing")
        let changed = Array(String(repeating: ".page { margin: 1em auto; }\n", count: 400).utf8)
        try assets.write(changed, to: "app.css")

        // MUT
        let next = try catalog()

        // validate
        #expect(ContentCoding.brotli.decode(try served(next, coding: "br")) == changed)
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: copies.path))
        #expect(files == [keptFile(next, .brotli).lastPathComponent, keptFile(next, .gzip).lastPathComponent, ".app.css.br.writing"])
        #expect(old.allSatisfy { !files.contains($0.lastPathComponent) }, "\(files)")
    }

    @Test func aFolderThatCannotBeWrittenOnlyCostsTheCompressing() throws {
        // setup: where the copies should go is a file
        let blocked = URL(fileURLWithPath: try copies.write([0], to: "not-a-folder"))

        // MUT
        let catalog = try catalog(copiesIn: blocked)

        // validate
        #expect(ContentCoding.brotli.decode(try served(catalog, coding: "br")) == Self.stylesheet)
        #expect(ContentCoding.gzip.decode(try served(catalog, coding: "gzip")) == Self.stylesheet)
    }
}
