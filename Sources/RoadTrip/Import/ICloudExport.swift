import Foundation
import Imaging

/// What an iCloud Photos export (privacy.apple.com's "iCloud Photos" parts, unpacked) says of its
/// photos beside them: `Photo Details*.csv` (each photo's name, whether it was a favourite,
/// hidden or recently deleted, and when it was taken, in UTC) and `Albums/*.csv` (each album's
/// photos by name). Photos are known by their names; a name described twice keeps its first row.
public struct ICloudExport: Sendable {
    public struct Detail: Sendable, Equatable {
        public var favorite = false
        public var hidden = false
        public var deleted = false
        /// `originalCreationDate`, seconds since 1970 (UTC).
        public var takenAt: Int64?
    }

    /// By lower-cased file name.
    public private(set) var details: [String: Detail] = [:]
    /// Each album's title and its photos' lower-cased names, by title.
    public private(set) var albums: [(title: String, names: [String])] = []
    /// Files of the export that could not be read, each with why.
    public private(set) var refused: [(source: ImportSource, reason: String)] = []

    /// A CSV file is at most this: 50,000 photos' details are about 6 MB.
    public static let byteLimit = 64 << 20

    /// Whether `path` is one of an export's lists: `Photo Details.csv` (`Photo Details-1.csv`, …)
    /// or a CSV file in an `Albums` folder.
    public static func isExportFile(_ path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        guard url.pathExtension.lowercased() == "csv" else { return false }
        return url.lastPathComponent.lowercased().hasPrefix("photo details")
            || url.deletingLastPathComponent().lastPathComponent.lowercased() == "albums"
    }

    public init(files: [String]) {
        self.init(
            lists: files.sorted().map { path in
                guard let size = DurableFile.size(of: path), size <= Self.byteLimit else {
                    return (
                        path,
                        .failure(
                            CSVReader.Failure(description: "it is larger than the \(Self.byteLimit >> 20) MiB an export's list may be"))
                    )
                }
                guard let data = FileManager.default.contents(atPath: path) else {
                    return (path, .failure(CSVReader.Failure(description: "it cannot be read")))
                }
                return (path, .success([UInt8](data)))
            })
    }

    /// Reads each list's bytes (or why they could not be had), named by its path.
    public init(lists: [(path: String, bytes: Result<[UInt8], CSVReader.Failure>)]) {
        for (path, bytes) in lists {
            do {
                let rows = try CSVReader.rows(try bytes.get())
                if URL(fileURLWithPath: path).lastPathComponent.lowercased().hasPrefix("photo details") {
                    try readDetails(rows)
                } else {
                    readAlbum(rows, title: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
                }
            } catch {
                refused.append((ImportSource(path: path), "this list of the iCloud export cannot be read: \(error)"))
            }
        }
        albums.sort { $0.title.lowercased() < $1.title.lowercased() }
    }

    private mutating func readDetails(_ rows: [[String]]) throws(CSVReader.Failure) {
        guard let header = rows.first?.map({ $0.trimmingCharacters(in: .whitespaces) }), let name = header.firstIndex(of: "imgName") else {
            throw CSVReader.Failure(description: "its first line names no imgName column")
        }
        let column = { (title: String) in header.firstIndex(of: title) }
        let (favorite, hidden, deleted, created) = (column("favorite"), column("hidden"), column("deleted"), column("originalCreationDate"))
        for row in rows.dropFirst() where name < row.count && !row[name].isEmpty {
            func yes(_ index: Int?) -> Bool { index.map { $0 < row.count && row[$0].lowercased() == "yes" } ?? false }
            let key = row[name].lowercased()
            guard details[key] == nil else { continue }
            details[key] = Detail(
                favorite: yes(favorite), hidden: yes(hidden), deleted: yes(deleted),
                takenAt: created.flatMap { $0 < row.count ? Self.instant(row[$0]) : nil })
        }
    }

    private mutating func readAlbum(_ rows: [[String]], title: String) {
        // A header ("Images") and then a name a line.
        let names = rows.dropFirst().compactMap { $0.first?.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        if !names.isEmpty { albums.append((title, names)) }
    }

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// "Sunday August 18,2019 11:21 AM GMT" → seconds since 1970; nil when it is not that.
    static func instant(_ text: String) -> Int64? {
        let words = text.replacingOccurrences(of: ",", with: " , ").split(separator: " ").map { $0.lowercased() }
        // weekday month day , year h:mm AM|PM GMT
        guard words.count == 8, words[3] == ",", words[7] == "gmt" || words[7] == "utc",
            let month = months.firstIndex(of: words[1]), let day = Int(words[2]), (1...31).contains(day), let year = Int(words[4]),
            (1900...9999).contains(year),
            words[6] == "am" || words[6] == "pm"
        else { return nil }
        let clock = words[5].split(separator: ":")
        guard clock.count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]), (1...12).contains(hour), (0..<60).contains(minute)
        else { return nil }
        let days = ExifTime.daysSince1970(year: Int64(year), month: Int64(month + 1), day: Int64(day))
        guard ExifTime.civilDate(daysSince1970: days) == (Int64(year), Int64(month + 1), Int64(day)) else { return nil }
        let hours = hour % 12 + (words[6] == "pm" ? 12 : 0)
        return days * 86_400 + Int64(hours * 3600 + minute * 60)
    }

    /// Gives each of `selection`'s files what the export says of it, leaves out what was deleted
    /// (unless `withTrash`) or hidden (unless `withArchive`), each with why, and gives the albums
    /// as lists of the files in them.
    public func apply(to selection: inout ImportSelection, withTrash: Bool, withArchive: Bool) -> [ImportAlbum] {
        var kept: [ImportSource] = []
        var byName: [String: String] = [:]
        for var source in selection.found {
            let name = source.fileName.lowercased()
            if let detail = details[name] {
                if detail.deleted && !withTrash {
                    selection.leftOut.append((source, "it was recently deleted in iCloud (--with-trash imports it)"))
                    continue
                }
                if detail.hidden && !withArchive {
                    selection.leftOut.append((source, "it was hidden in iCloud (--with-archive imports it)"))
                    continue
                }
                source.exportHints = ImportHints(takenAt: detail.takenAt, favorite: detail.favorite)
            }
            if byName[name] == nil { byName[name] = source.path }
            kept.append(source)
        }
        selection.found = kept
        return albums.compactMap { album in
            let items = album.names.compactMap { byName[$0] }
            return items.isEmpty ? nil : ImportAlbum(title: album.title, key: "iCloud album " + album.title, items: items)
        }
    }
}
