import Foundation
import PostgreSQL

/// PostgreSQL's own programs, `pg_dump` and `pg_restore` (Debian's postgresql-client), run
/// with the address in their environment, never on their command line.
enum PostgreSQLTools {
    /// `pg_dump --format=custom` of the database as of `snapshot` (an exported snapshot, so
    /// that the dump and RoadTrip's own reads see the same instant) into `file`.
    static func dump(_ address: PostgreSQLAddress, snapshot: String, to file: String) throws(BackupError) {
        try run(
            "pg_dump", ["--format=custom", "--compress=1", "--no-password", "--snapshot=\(snapshot)", "--file=\(file)"], address: address)
    }

    /// Restores a dump into the (empty) database, in one transaction: all of it or nothing.
    /// Owners and grants are the restoring user's, as on the server it came from they were
    /// RoadTrip's user's.
    static func restore(_ file: String, into address: PostgreSQLAddress) throws(BackupError) {
        try run(
            "pg_restore",
            [
                "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", "--no-password",
                "--dbname=\(address.database ?? address.user ?? "postgres")", file,
            ], address: address)
    }

    private static func run(_ program: String, _ arguments: [String], address: PostgreSQLAddress) throws(BackupError) {
        guard let environment = address.clientEnvironment(from: ProcessInfo.processInfo.environment) else {
            throw BackupError(
                "\(program) cannot be given the database's address \(address): it has an option \(program) only takes on its command line")
        }
        guard let executable = find(program, in: environment["PATH"] ?? "/usr/bin:/bin") else {
            throw BackupError("\(program) is not installed: install Debian's postgresql-client (apt-get install postgresql-client)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BackupError("cannot run \(executable): \(error.localizedDescription)")
        }
        // Read while it runs: a program blocked on a full pipe would never end.
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = String(decoding: said.prefix(4096), as: UTF8.self)
                .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            throw BackupError(
                """
                \(program) failed (\(process.terminationReason == .exit ? "status \(process.terminationStatus)" : "killed")): \
                \(text.isEmpty ? "it said nothing" : text)
                """
            )
        }
    }

    private static func find(_ program: String, in path: String) -> String? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
