import Foundation
import SQLDatabase

/// Things that happen once in a library's life (the demo loaded), recorded so they never
/// happen again, whichever process or instance gets there first.
enum LibraryEvents {
    /// Records `name` now; false when it was recorded before (by this process or another).
    static func recordOnce(_ name: String, in db: any Connection) throws -> Bool {
        let now = ISO8601DateFormatter().string(from: Date())
        try db.execute("INSERT INTO library_events (name, happened_at) VALUES (\(name), \(now)) ON CONFLICT (name) DO NOTHING")
        return db.changes > 0
    }

    /// Whether `name` was recorded.
    static func happened(_ name: String, in db: any Connection) throws -> Bool {
        try db.fetchValue("SELECT 1 FROM library_events WHERE name = \(name)") as Int? != nil
    }
}
