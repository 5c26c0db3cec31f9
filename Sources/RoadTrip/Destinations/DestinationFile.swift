import Foundation

/// Reads a destination catalogue: the RoadTrip book's `Destinations.plist`, or the same
/// structure as JSON. A file is either read completely or refused with a `DestinationFileError`
/// naming the line and key path at fault; there is never a partial result.
public enum DestinationFile {
    public enum Format: Sendable {
        case propertyList, json
    }

    /// Files larger than this (8 MiB) are refused before they are parsed.
    public static let maximumFileSize = 8 << 20

    /// Reads a catalogue file. The format comes from the extension (`.plist` or `.json`);
    /// otherwise it is sniffed from the first non-blank byte (`<` property list, `{` JSON).
    public static func read(contentsOf url: URL) throws(DestinationFileError) -> [DestinationRecord] {
        let fileName = url.lastPathComponent
        let data = try contents(of: url, fileName: fileName)
        let format = try format(of: data, pathExtension: url.pathExtension, fileName: fileName)
        return try parse(data, format: format, fileName: fileName)
    }

    /// Parses a catalogue already in memory; `fileName` only labels errors.
    public static func parse(
        _ data: Data, format: Format, fileName: String? = nil
    ) throws(DestinationFileError) -> [DestinationRecord] {
        do throws(DestinationFileError) {
            guard data.count <= maximumFileSize else { throw tooLarge(byteCount: data.count) }
            let root =
                switch format {
                case .propertyList: try PropertyListTreeBuilder.tree(of: data)
                case .json: try JSONTreeBuilder.tree(of: data)
                }
            return try CatalogueValidator().records(from: root)
        } catch {
            var labelled = error
            labelled.fileName = fileName
            throw labelled
        }
    }

    /// Reads at most one byte more than the limit, so a huge or endless file (a FIFO,
    /// `/dev/zero`) is refused without being read whole.
    private static func contents(of url: URL, fileName: String) throws(DestinationFileError) -> Data {
        func refusal(_ reason: String) -> DestinationFileError {
            DestinationFileError(fileName: fileName, reason: reason)
        }
        guard url.isFileURL else { throw refusal("is not a local file (\(url.scheme ?? "no scheme") URL)") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw refusal("no such file")
        }
        guard !isDirectory.boolValue else { throw refusal("is a folder, not a file") }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
        } catch {
            throw refusal("cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= maximumFileSize else {
            var error = tooLarge(byteCount: nil)
            error.fileName = fileName
            throw error
        }
        return data
    }

    private static func format(
        of data: Data, pathExtension: String, fileName: String
    ) throws(DestinationFileError) -> Format {
        switch pathExtension.lowercased() {
        case "plist": return .propertyList
        case "json": return .json
        default: break
        }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = data.starts(with: byteOrderMark) ? data.dropFirst(byteOrderMark.count) : data[...]
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        switch body.first(where: { !blanks.contains($0) }) {
        case UInt8(ascii: "<"): return .propertyList
        case UInt8(ascii: "{"): return .json
        case nil: throw DestinationFileError(fileName: fileName, reason: "the file is empty")
        default:
            throw DestinationFileError(
                fileName: fileName, reason: "is neither an XML property list nor JSON (it starts with neither '<' nor '{')"
            )
        }
    }

    private static func tooLarge(byteCount: Int?) -> DestinationFileError {
        let size = byteCount.map { "\($0) bytes" } ?? "more than \(maximumFileSize) bytes"
        return DestinationFileError(reason: "the file is too large: \(size), the limit is \(maximumFileSize) bytes")
    }
}
