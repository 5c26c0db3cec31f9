import Compression
import Foundation

/// Where a catalogue keeps its text compressed between starts (`<data>/cache/assets`): one file
/// per asset and coding, named by the fingerprinted name (`app.0123456789abcdef.css.br`), so a
/// changed asset never meets an old copy. Compressing at the smallest settings takes about a
/// second of CPU at every start; reading the copies back, and checking that each decodes to its
/// asset's bytes, a few milliseconds. A copy that is missing, damaged or not smaller is made
/// again; a copy no asset names any more (an older build's) is removed. Only a cache: when the
/// folder cannot be written, the catalogue compresses as it would without one. One catalogue's,
/// while it is made.
final class CompressedAssetStore {
    let folder: URL
    /// The copies asked for so far.
    private var used: Set<String> = []

    init(folder: URL) {
        self.folder = folder
    }

    /// `bytes` (the asset `name`) in `coding`: the kept copy when it decodes to `bytes`,
    /// otherwise compressed now and kept for the next start.
    func encoded(_ bytes: [UInt8], named name: String, as coding: ContentCoding) -> [UInt8] {
        let file = folder.appendingPathComponent(Self.fileName(name, coding))
        used.insert(file.lastPathComponent)
        if let kept = FileManager.default.contents(atPath: file.path).map([UInt8].init),
            kept.count < bytes.count, coding.decode(kept, limit: bytes.count) == bytes
        {
            return kept
        }
        let encoded = coding.encode(bytes)
        if encoded.count < bytes.count { keep(encoded, at: file) }
        return encoded
    }

    /// Removes every copy no asset asked for, and what a start killed while writing left (a
    /// temporary file over a minute old; a younger one may be another instance's).
    func removeUnused() {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for file in files where !used.contains(file) {
            let path = folder.appendingPathComponent(file)
            if file.hasPrefix("."),
                let modified = (try? FileManager.default.attributesOfItem(atPath: path.path))?[.modificationDate] as? Date,
                modified.timeIntervalSinceNow > -60
            {
                continue
            }
            try? FileManager.default.removeItem(at: path)
        }
    }

    static func fileName(_ name: String, _ coding: ContentCoding) -> String {
        "\(name).\(coding.rawValue)"
    }

    /// Written under a temporary name and renamed, so another instance starting on the same
    /// folder, or a start killed midway, never reads half a file.
    private func keep(_ bytes: [UInt8], at file: URL) {
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }
}
