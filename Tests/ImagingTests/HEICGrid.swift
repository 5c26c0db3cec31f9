/// A large HEIC built the way phones build theirs: a grid of 512 × 512 tiles. Encoding 100
/// megapixels with x265 takes minutes, so one tile is encoded by libvips and every tile of the
/// grid points at the same coded bytes; libheif still decodes each tile and assembles the whole.
enum HEICGrid {
    /// `tile` is a HEIC file of one `tileSize` × `tileSize` image; the result is width × height.
    static func make(fromTile tile: [UInt8], tileSize: Int, width: Int, height: Int) throws -> [UInt8] {
        let source = try TileFile(tile)
        let columns = (width + tileSize - 1) / tileSize, rows = (height + tileSize - 1) / tileSize
        let tiles = rows * columns
        let gridID = tiles + 1
        let descriptor: [UInt8] = [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + be16(width) + be16(height)
        let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
        // Each part typed on its own: as one expression, the boxes took the type checker over a second.
        func meta(dataStart: Int) -> [UInt8] {
            let tileOffset = dataStart + descriptor.count
            let items: [(Int, Int, Int)] = (1...tiles).map { ($0, tileOffset, source.data.count) } + [(gridID, dataStart, descriptor.count)]
            let locations: [UInt8] = items.flatMap { be16($0.0) + be16(0) + be16(1) + be32($0.1) + be32($0.2) }
            let infos: [UInt8] = (1...tiles).flatMap { infe($0, "hvc1") } + infe(gridID, "grid")
            let references: [UInt8] = (1...tiles).flatMap(be16)
            let associations: [UInt8] = (1...tiles).flatMap { be16($0) + [2, 0x81, 0x02] } + be16(gridID) + [1, 0x03]
            let properties: [UInt8] = box("ipco", source.hvcC + ispe(tileSize, tileSize) + ispe(width, height))
            let handler: [UInt8] = be32(0) + Array("pict".utf8) + be32(0) + be32(0) + be32(0) + [0]
            let boxes: [[UInt8]] = [
                fullBox("hdlr", handler),
                fullBox("pitm", be16(gridID)),
                fullBox("iloc", [0x44, 0x00] + be16(items.count) + locations),
                fullBox("iinf", be16(tiles + 1) + infos),
                fullBox("iref", box("dimg", be16(gridID) + be16(tiles) + references)),
                box("iprp", properties + fullBox("ipma", be32(tiles + 1) + associations)),
            ]
            return fullBox("meta", boxes.flatMap { $0 })
        }
        let headerSize = ftyp.count + meta(dataStart: 0).count + 8
        return ftyp + meta(dataStart: headerSize) + box("mdat", descriptor + source.data)
    }

    /// The coded image and its decoder configuration, taken from a one-image HEIC file.
    private struct TileFile {
        let hvcC: [UInt8]
        let data: [UInt8]

        init(_ file: [UInt8]) throws {
            guard let meta = HEICGrid.child("meta", of: file, in: 0..<file.count) else { throw Unexpected("no meta box") }
            let inside = (meta.lowerBound + 4)..<meta.upperBound  // past the full box's version and flags
            guard let iprp = HEICGrid.child("iprp", of: file, in: inside),
                let ipco = HEICGrid.child("ipco", of: file, in: iprp),
                let hvcC = HEICGrid.child("hvcC", of: file, in: ipco),
                let pitm = HEICGrid.child("pitm", of: file, in: inside),
                let iloc = HEICGrid.child("iloc", of: file, in: inside)
            else { throw Unexpected("a box is missing") }
            self.hvcC = Array(file[(hvcC.lowerBound - 8)..<hvcC.upperBound])
            let primary = HEICGrid.read(file, pitm.lowerBound + 4, 2)
            data = try Self.extents(of: primary, iloc: Array(file[iloc]), file: file)
        }

        /// iloc versions 0 and 1, without extent indexes (what libheif writes).
        private static func extents(of item: Int, iloc: [UInt8], file: [UInt8]) throws -> [UInt8] {
            let version = Int(iloc[0])
            let offsetSize = Int(iloc[4] >> 4), lengthSize = Int(iloc[4] & 15), baseSize = Int(iloc[5] >> 4)
            guard version < 2 else { throw Unexpected("iloc version \(version)") }
            var at = 8
            for _ in 0..<read(iloc, 6, 2) {
                let id = read(iloc, at, 2)
                at += 2 + (version == 1 ? 2 : 0) + 2
                let base = read(iloc, at, baseSize)
                at += baseSize
                var bytes: [UInt8] = []
                for _ in 0..<read(iloc, at, 2) {
                    let offset = base + read(iloc, at + 2, offsetSize), length = read(iloc, at + 2 + offsetSize, lengthSize)
                    bytes += file[offset..<offset + length]
                    at += offsetSize + lengthSize
                }
                at += 2
                if id == item { return bytes }
            }
            throw Unexpected("no location for item \(item)")
        }
    }

    struct Unexpected: Error { let what: String; init(_ what: String) { self.what = what } }

    /// The contents (after the 8-byte header) of the first child box named `type` within `range`.
    private static func child(_ type: String, of bytes: [UInt8], in range: Range<Int>) -> Range<Int>? {
        var at = range.lowerBound
        while at + 8 <= range.upperBound {
            let size = read(bytes, at, 4)
            guard size >= 8, at + size <= range.upperBound else { return nil }
            if bytes[(at + 4)..<(at + 8)].elementsEqual(type.utf8) { return (at + 8)..<(at + size) }
            at += size
        }
        return nil
    }

    private static func read(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func infe(_ id: Int, _ type: String) -> [UInt8] {
        fullBox("infe", be16(id) + be16(0) + Array(type.utf8) + [0], version: 2)
    }

    private static func ispe(_ width: Int, _ height: Int) -> [UInt8] { fullBox("ispe", be32(width) + be32(height)) }
    private static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(body.count + 8) + Array(type.utf8) + body }
    private static func fullBox(_ type: String, _ body: [UInt8], version: UInt8 = 0) -> [UInt8] { box(type, [version, 0, 0, 0] + body) }
    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private static func be32(_ value: Int) -> [UInt8] { TestPhotos.bigEndian(UInt32(value)) }
}
