import Crypto
import Foundation
import HTTPServer
import SystemCalls
#if canImport(Glibc)
    import Glibc
#endif

/// The basemap's tiles down to city scale (`scripts/make-basemap-tiles.py` writes the file at
/// install time; `roadtrip serve --basemap FILE` names it): GSHHG's shorelines, rivers and borders
/// and the gazetteer's places to name, a gzip'd tile per Web Mercator square from zoom 0 to
/// `maxZoom`. The index is read at start and checked whole, so a damaged file is refused then,
/// not while serving; a tile's bytes are read from the file when asked for.
// @unchecked: its one mutable part is the descriptor's number, set once at start; reads by
// offset share nothing else.
public final class BasemapPack: @unchecked Sendable {
    /// The deepest zoom with tiles of its own; maps draw deeper zooms from these.
    public static let maxZoom = 8
    static let magic = Array("RTBASEMAP2".utf8)
    static let entrySize = 24

    /// Why a file cannot be used, for the command line.
    public struct Unusable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Open for the server's life; tiles are read at their offsets (`pread`), so any number of
    /// request threads read it at once without a position to share.
    private let file: FileDescriptor
    private let tiles: [BasemapTile: (offset: Int, length: Int)]
    /// Names this pack in the tiles' addresses, so that a browser's cached tiles of another pack
    /// are never drawn with this one's.
    public let version: String

    public init(file url: URL) throws(Unusable) {
        func refuse(_ reason: String) -> Unusable {
            Unusable(description: "--basemap \(url.path): \(reason); make it again with scripts/make-basemap-tiles.py (make basemap)")
        }
        let file: FileDescriptor
        var status = stat()
        do { file = try FileDescriptor.open(url.path, flags: O_RDONLY) } catch { throw refuse("cannot be opened") }
        guard fstat(file.rawValue, &status) == 0 else { throw refuse("cannot be opened") }
        let size = Int(status.st_size)
        var header = [UInt8](repeating: 0, count: BasemapPack.magic.count + 4)
        guard (try? file.read(into: &header, at: 0)) == header.count, header.starts(with: BasemapPack.magic) else {
            // A pack of an older RoadTrip (its tiles name no places) is made again as any other.
            throw refuse(header.starts(with: Array("RTBASEMAP1".utf8)) ? "was made by an older RoadTrip" : "is not a basemap pack")
        }
        let count = Int(BasemapPack.uint32(header, at: BasemapPack.magic.count))
        let indexEnd = header.count + count * BasemapPack.entrySize
        var index = [UInt8](repeating: 0, count: min(count, 1 << 20) * BasemapPack.entrySize)
        guard count <= 1 << 20, indexEnd <= size, (try? file.read(into: &index, at: header.count)) == index.count
        else { throw refuse("its index does not fit the file") }
        var tiles: [BasemapTile: (offset: Int, length: Int)] = [:]
        for entry in 0..<count {
            let at = entry * BasemapPack.entrySize
            let z = Int(index[at]), x = Int(BasemapPack.uint32(index, at: at + 4)), y = Int(BasemapPack.uint32(index, at: at + 8))
            let offset = BasemapPack.uint64(index, at: at + 12), length = Int(BasemapPack.uint32(index, at: at + 20))
            guard let tile = BasemapTile(z: z, x: x, y: y), offset >= UInt64(indexEnd), offset <= UInt64(size), length > 0,
                length <= 16 << 20,
                length <= size - Int(offset), tiles[tile] == nil
            else { throw refuse("tile \(entry + 1) of \(count) is out of place") }
            tiles[tile] = (Int(offset), length)
        }
        self.file = file
        self.tiles = tiles
        version = String(SHA256.hexDigest(index).prefix(12))
    }

    public var tileCount: Int { tiles.count }

    /// The tile's gzip'd bytes; nil where the pack has none (the open sea).
    func bytes(of tile: BasemapTile) throws -> [UInt8]? {
        guard let place = tiles[tile] else { return nil }
        var bytes = [UInt8](repeating: 0, count: place.length)
        guard (try? file.read(into: &bytes, at: place.offset)) == place.length else {
            throw HTTPError(status: .serviceUnavailable, message: "The map's tiles cannot be read.")
        }
        return bytes
    }

    private static func uint32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[index + $1]) << (8 * UInt32($1)) }
    }

    private static func uint64(_ bytes: [UInt8], at index: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[index + $1]) << (8 * UInt64($1)) }
    }
}

/// A square of the basemap: zoom 0 to `BasemapPack.maxZoom`, x and y inside that zoom's grid.
/// Written `z-x-y` in addresses ("8-75-96").
public struct BasemapTile: Sendable, Hashable, CustomStringConvertible {
    public let z: Int
    public let x: Int
    public let y: Int

    public init?(z: Int, x: Int, y: Int) {
        guard (0...BasemapPack.maxZoom).contains(z), (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(y) else { return nil }
        (self.z, self.x, self.y) = (z, x, y)
    }

    /// Three numbers without signs or leading zeros, naming a tile that exists.
    init?(_ text: Substring) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part -> Int? in
            guard (1...3).contains(part.utf8.count), part == "0" || part.first != "0", part.utf8.allSatisfy({ (0x30...0x39).contains($0) })
            else { return nil }
            return Int(part)
        }
        guard parts.count == 3, numbers.count == 3 else { return nil }
        self.init(z: numbers[0], x: numbers[1], y: numbers[2])
    }

    public var description: String { "\(z)-\(x)-\(y)" }
}
