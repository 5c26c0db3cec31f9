/// The picture formats RoadTrip accepts, recognised by their first bytes and never by a file's name.
public enum ImageFormat: String, Sendable, CaseIterable, Hashable {
    case jpeg, png, webp, heic

    /// How many leading bytes sniffing needs; readers never take more than this from a file.
    static let sniffLength = 64

    /// Recognises JPEG (FF D8 FF), PNG (its 8-byte signature), WebP (RIFF....WEBP) and HEIC
    /// (an ISO BMFF `ftyp` box whose major or compatible brands name HEIF). Nil for anything else:
    /// SVG, GIF, TIFF, AVIF, text, empty or short input.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.sniffLength))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else if Self.isHEIF(head) {
            self = .heic
        } else {
            return nil
        }
    }

    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .heic: "heic"
        }
    }

    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .heic: "image/heic"
        }
    }

    /// HEIF still-image brands. `mif1`/`msf1` alone also start AVIF files, which libheif would
    /// decode too; AVIF is not accepted, so a file whose brands say `avif`/`avis` is refused
    /// even when it lists `mif1` as well.
    private static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]
    private static let avifBrands: Set<String> = ["avif", "avis"]

    /// The `ftyp` box: size (4), "ftyp", major brand (4), minor version (4), compatible brands (4 each).
    private static func isHEIF(_ head: [UInt8]) -> Bool {
        guard head.count >= 16, head[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let boxSize = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard boxSize >= 16, boxSize % 4 == 0 else { return false }
        var brands = [brand(head, at: 8)]
        var offset = 16
        while offset + 4 <= min(boxSize, head.count) {
            brands.append(brand(head, at: offset))
            offset += 4
        }
        if brands.contains(where: avifBrands.contains) { return false }
        return brands.contains(where: heifBrands.contains)
    }

    private static func brand(_ head: [UInt8], at offset: Int) -> String {
        String(decoding: head[offset..<offset + 4], as: UTF8.self)
    }
}
