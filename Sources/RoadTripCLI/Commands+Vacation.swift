import Foundation
import RoadTrip

extension Commands {
    /// `roadtrip vacation import FILE --user NAME`, `roadtrip vacation list --user NAME`.
    static func vacation(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(arguments, values: ["--user"])
        let usage = "usage: roadtrip vacation import FILE --user NAME | roadtrip vacation list --user NAME"
        guard let userName = parsed.options["--user"] else { throw CommandFailure(message: usage, status: 64) }
        let library = try openLibrary(parsed)
        do {
            try moveVacationDocuments(library)
        } catch {
            throw CommandFailure(message: "cannot move the vacations into the library: \(error)")
        }
        let account: Account
        do {
            guard let found = try library.accounts.account(named: userName) else { throw CommandFailure(message: "no account named '\(userName)'") }
            account = found
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "cannot read the accounts: \(error)")
        }
        switch (parsed.words.first, parsed.words.count) {
        case ("import", 2):
            do {
                let imported = try library.vacations.importDocument(at: parsed.words[1], for: account.id)
                Console.out("Imported “\(imported.name)” for \(account.name).")
            } catch let error as VacationError {
                throw CommandFailure(message: "\(parsed.words[1]): \(error.description)")
            } catch {
                throw CommandFailure(message: "\(parsed.words[1]): could not be imported: \(error)")
            }
        case ("list", 1):
            do {
                for vacation in try library.vacations.all(of: account.id) {
                    Console.out("\(vacation.id)\t\(vacation.name)\t\(vacation.photoCount) photos")
                }
            } catch {
                throw CommandFailure(message: "cannot read the vacations: \(error)")
            }
        default:
            throw CommandFailure(message: usage, status: 64)
        }
    }
}

extension Commands {
    /// The vacations an older RoadTrip kept as documents, moved into the library before anything
    /// reads them; each one that could not be is said on standard error (its file is kept).
    static func moveVacationDocuments(_ library: Library) throws {
        for unmoved in try library.vacations.moveDocumentsIntoLibrary() {
            Console.error("warning: \(unmoved)")
        }
    }
}
