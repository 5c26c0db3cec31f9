/// Asset file names carry a fingerprint of their content: `app.css` is served as
/// `app.<16 hex digits>.css`, so a changed file gets a new address and the old one can be cached for a year.
enum AssetName {
    static func fingerprinted(_ name: String, digest: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "\(name).\(digest)" }
        return "\(name[..<dot]).\(digest)\(name[dot...])"
    }

    /// On the UTF-8 bytes: it is asked on every asset request, and checking Character by
    /// Character showed in the profile of one.
    static func isFingerprinted(_ name: some StringProtocol) -> Bool {
        let bytes = name.utf8
        guard
            bytes.allSatisfy({
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0)
            })
        else { return false }
        let parts = bytes.split(separator: UInt8(ascii: "."))
        return parts.count == 3 && parts[1].count == 16 && parts[1].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
