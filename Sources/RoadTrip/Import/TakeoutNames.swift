/// How Google Takeout names a photo's JSON sidecar, in all the ways it does: `IMG_1234.JPG.json`;
/// since 2024 `IMG_1234.JPG.supplemental-metadata.json`; either cut so that the sidecar's name
/// is at most 51 characters (`IMG_1234.JPG.supplemental-me.json`, a long title cut mid-word);
/// the counter of a second file of the same name moved behind the extension
/// (`IMG_1234(1).JPG` ↔ `IMG_1234.JPG(1).json`); the extension left out (`IMG_1234.json`); and
/// an edited copy (`IMG_1234-edited.JPG`, `-bearbeitet`, `-modifié`, …) without one of its own,
/// described by its original's.
public enum TakeoutNames {
    /// The longest a sidecar's name is before `.json`: Google cuts it to 51 characters in all.
    static let longestStem = 46
    static let supplemental = ".supplemental-metadata"

    /// What Google appends to an edited copy's name, in the languages a Takeout is made in.
    static let editedSuffixes = [
        "-edited", "-bearbeitet", "-modifié", "-editado", "-modificato", "-bewerkt", "-redigerad", "-redigeret", "-redigert",
        "-muokattu", "-edytowane", "-upravené", "-upraveno", "-szerkesztett", "-editat", "-düzenlendi", "-ред.", "-編集済み",
        "-已编辑", "-已編輯", "-편집됨",
    ]

    /// A media file's name in its parts: "IMG_1234(1)-edited.JPG" is "IMG_1234", counter "(1)",
    /// edited, extension ".JPG".
    struct MediaName: Equatable {
        let base: String
        let counter: String
        let isEdited: Bool
        let fileExtension: String

        init(_ fileName: String) {
            var stem = Substring(fileName)
            if let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex {
                fileExtension = String(fileName[dot...])
                stem = fileName[..<dot]
            } else {
                fileExtension = ""
            }
            var edited = false
            if let suffix = TakeoutNames.editedSuffixes.first(where: { stem.lowercased().hasSuffix($0) }) {
                stem = stem.dropLast(suffix.count)
                edited = true
            }
            let (rest, counter) = TakeoutNames.splitCounter(stem)
            base = String(rest)
            self.counter = counter
            isEdited = edited
        }

        /// The name of the original the sidecar describes: without the edit, with the counter.
        var original: String { base + counter + fileExtension }
    }

    /// The sidecar of the media file `fileName` among the JSON files of its folder, or nil.
    /// The most exact name wins; a name only a cut could explain is taken when it is the only one.
    public static func sidecar(for fileName: String, among sidecars: some Collection<String>) -> String? {
        let media = MediaName(fileName)
        let full = media.base + media.fileExtension
        // The names Google writes whole, most likely first.
        let exact = [
            full + media.counter + ".json", full + supplemental + media.counter + ".json", media.original + ".json",
            media.base + media.counter + ".json",
        ]
        let available = Set(sidecars)
        if let name = exact.first(where: available.contains) { return name }
        // Cut names: what is left of "IMG_1234.JPG.supplemental-metadata" (or of a long title)
        // once cut to 46 characters, the counter after it.
        let whole = full + supplemental
        let cut = sidecars.filter { sidecar in
            guard sidecar.hasSuffix(".json") else { return false }
            let (stem, counter) = splitCounter(sidecar.dropLast(5))
            guard counter == media.counter, !stem.isEmpty, whole.hasPrefix(stem) else { return false }
            // Cut only where Google cuts: past the extension, or at the longest a name may be.
            return stem.count >= full.count || stem.count + counter.count >= longestStem - 1
        }
        return cut.max { $0.count < $1.count }
    }

    /// "IMG_1234(1)" → ("IMG_1234", "(1)"); a name without a counter → (the name, "").
    static func splitCounter(_ stem: Substring) -> (Substring, String) {
        guard stem.hasSuffix(")"), let open = stem.lastIndex(of: "("), open != stem.startIndex else { return (stem, "") }
        let digits = stem[stem.index(after: open)..<stem.index(before: stem.endIndex)]
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return (stem, "") }
        return (stem[..<open], String(stem[open...]))
    }

    /// Whether `fileName` is an edited copy Google made beside its original.
    public static func isEditedCopy(_ fileName: String) -> Bool { MediaName(fileName).isEdited }

    /// The original an edited copy was made from ("IMG_1234-edited.JPG" → "IMG_1234.JPG"), or nil.
    public static func original(ofEdited fileName: String) -> String? {
        let media = MediaName(fileName)
        return media.isEdited ? media.original : nil
    }
}
