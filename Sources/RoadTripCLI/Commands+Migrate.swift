import Foundation
import RoadTrip

extension Commands {
    /// `roadtrip migrate --from DIR --to postgresql://…`: a household's data folder into an
    /// empty PostgreSQL database, all or nothing, ending with the count of every table.
    static func migrate(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(arguments, values: ["--from", "--to"])
        let usage = "usage: roadtrip migrate --from DIR --to postgresql://USER:PASSWORD@HOST:PORT/DB"
        guard parsed.words.isEmpty, let from = parsed.options["--from"], let to = parsed.options["--to"] else {
            throw CommandFailure(message: usage, status: 64)
        }
        let folder = URL(fileURLWithPath: from)
        let move: LibraryMove
        do {
            move = try LibraryMove(from: folder, to: to)
        } catch {
            throw CommandFailure(message: error.description, status: 64)
        }
        Console.out("Copying the library in \(folder.path) to \(move.target) …")
        let moved: [MovedTable]
        do {
            moved = try move.run { table in Console.out("  \(table.name): \(table.copied) of \(table.source)") }
        } catch {
            throw CommandFailure(message: "\(error.description); the database was left as it was")
        }
        let rows = moved.reduce(0) { $0 + $1.copied }
        Console.out(
            """
            Copied \(rows) rows in \(moved.count) tables; every count matches. Sessions were not copied: people sign in again.
            Serve it with: roadtrip serve --data \(folder.path) --database URL (the folder holds the photos: mount it on every instance).
            """)
    }
}
