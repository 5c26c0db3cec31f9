import Crypto
import Foundation

/// What an import would do, found before it does anything (`roadtrip import --dry-run`): the
/// photos and videos it would bring, those the library has already (by their bytes, as the
/// import itself decides) or that come twice, and those that cannot be read. The sidecars
/// matched, and the files skipped or refused by their names, are the selection's and the Takeout's own.
public struct ImportPlan: Sendable {
    public private(set) var photos = 0
    public private(set) var videos = 0
    /// Already in the library: their import would say "already there".
    public private(set) var alreadyThere = 0
    /// The same bytes met earlier in this import: stored once.
    public private(set) var repeated = 0
    /// Files that cannot be read to be weighed, with why.
    public private(set) var unreadable: [(source: ImportSource, reason: String)] = []
    /// A still and a video of the same name in the same folder (IMG_1234.HEIC and IMG_1234.MOV,
    /// or a Takeout's PXL_1.MP.jpg and PXL_1.MP, named as the import names them): the halves of
    /// a Live Photo, one item once imported (as the import pairs them).
    public var livePhotos: Int { stills.intersection(movies).count }
    /// Stills named as Google's Motion Photos are ("PXL_20230101_120000000.MP.jpg") without
    /// their motion beside them: one item each, its motion inside.
    public var motionPhotos: Int { motionNamed.subtracting(movies).count }
    /// Edited copies beside their originals (`IMG_1234-edited.JPG` and `IMG_1234.JPG`): one item
    /// with their original each, as the import keeps them (`PhotoImporter.editedCopies`).
    public var editedCopies: Int { editedOf.count { stillFiles.contains($0) } }
    private var seen: Set<String> = []
    /// The stills' folders and lower-cased file names, and the originals edited copies name.
    private var stillFiles: Set<String> = []
    private var editedOf: [String] = []
    /// The folders and lower-cased names (`PhotoStore.title(fromFileName:)`) of the stills and of
    /// the videos, and of the stills named as Motion Photos.
    private var stills: Set<String> = []
    private var movies: Set<String> = []
    private var motionNamed: Set<String> = []

    public init() {}

    /// Counts one file named `fileName` in `folder` whose bytes have this digest.
    mutating func add(fileName: String, folder: String, sha256: String, in library: PhotoStore) throws {
        let stem = folder + "/" + PhotoStore.title(fromFileName: fileName).lowercased()
        if ImportFileKind(fileName: fileName) == .video {
            videos += 1
            movies.insert(stem)
        } else {
            photos += 1
            stills.insert(stem)
            stillFiles.insert(folder + "/" + fileName.lowercased())
            if let original = TakeoutNames.original(ofEdited: fileName) { editedOf.append(folder + "/" + original.lowercased()) }
            let named = (fileName.lowercased() as NSString).deletingPathExtension
            if named.wholeMatch(of: /.*[._]mp(~[0-9]{1,3})?/) != nil { motionNamed.insert(stem) }
        }
        if !seen.insert(sha256).inserted {
            repeated += 1
        } else if try library.storedPhoto(sha256: sha256) != nil || library.photo(videoSHA256: sha256) != nil {
            alreadyThere += 1
        }
    }

    /// The plan for files and folders' files.
    public static func files(_ sources: [ImportSource], in library: PhotoStore) throws -> ImportPlan {
        var plan = ImportPlan()
        for source in sources {
            do {
                try plan.add(
                    fileName: source.fileName, folder: (source.path as NSString).deletingLastPathComponent,
                    sha256: try FileDigest.sha256(ofFileAt: source.path), in: library)
            } catch let error as FileDigestError {
                plan.unreadable.append((source, error.description))
            }
        }
        return plan
    }

    /// The plan for a Takeout: each photo's and video's bytes read from its part and weighed.
    public static func takeout(_ takeout: Takeout, in library: PhotoStore) throws -> ImportPlan {
        var plan = ImportPlan()
        for item in takeout.items {
            let hasher = SHA256.Hasher()
            do {
                try takeout.read(item) { hasher.update($0) }
            } catch {
                plan.unreadable.append((item.source, "it cannot be read from its part: \(error)"))
                continue
            }
            try plan.add(fileName: item.member.fileName, folder: item.member.folder, sha256: SHA256.hex(hasher.finish()), in: library)
        }
        return plan
    }

    /// "Would import 3 photos and 1 video; 1 of them is in the library already, 1 comes twice."
    public var summary: String {
        func counted(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        var text = "Would import \(counted(photos, "photo", "photos")) and \(counted(videos, "video", "videos"))"
        let pairs = [
            livePhotos > 0 ? counted(livePhotos, "Live Photo", "Live Photos") + " (a still and its video each)" : nil,
            motionPhotos > 0 ? counted(motionPhotos, "Motion Photo", "Motion Photos") : nil,
            editedCopies > 0
                ? counted(editedCopies, "edited copy", "edited copies") + (editedCopies == 1 ? "" : " each")
                    + " kept with its original as one item" : nil,
        ]
        .compactMap { $0 }
        if !pairs.isEmpty { text += " (among them \(pairs.joined(separator: " and ")))" }
        var notes: [String] = []
        if alreadyThere > 0 { notes.append("\(alreadyThere) of them \(alreadyThere == 1 ? "is" : "are") in the library already") }
        if repeated > 0 { notes.append("\(repeated) \(repeated == 1 ? "comes" : "come") twice") }
        if !notes.isEmpty { text += "; " + notes.joined(separator: ", ") }
        return text + "."
    }
}
