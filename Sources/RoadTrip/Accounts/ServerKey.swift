import Crypto
import SQLDatabase

/// The library's own signing key: made once, on the first start of a data folder, and kept in
/// `settings`, so that every process on the folder (and every restart) signs alike.
enum ServerKey {
    static let setting = "form_token_key"

    /// The stored key, or a new one stored now. Two processes starting at once on a new folder
    /// both end with the one that was written first.
    static func load(from database: Database) throws -> SigningKey {
        let fresh = Base64URL.encode(SigningKey.generate().bytes)
        let stored: String? = try database.write { db in
            try db.execute("INSERT INTO settings (name, value) VALUES (\(setting), \(fresh)) ON CONFLICT (name) DO NOTHING")
            return try db.fetchValue("SELECT value FROM settings WHERE name = \(setting)")
        }
        guard let stored, let bytes = Base64URL.decode(stored), let key = SigningKey(bytes: bytes) else {
            throw LibraryError(description: "the library's signing key in settings is damaged")
        }
        return key
    }
}
