import Foundation
import PrintedBook
import RoadTrip
import RoadTripWeb

extension Commands {
    /// `roadtrip vacation import FILE --user NAME`, `roadtrip vacation list --user NAME`,
    /// `roadtrip vacation book ID --user NAME --output FILE.pdf [--size S] [--favorites] [--no-map] [--title T] [--subtitle S]`.
    static func vacation(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(
            arguments, values: ["--user", "--output", "--size", "--title", "--subtitle", "--cover", "--basemap"],
            flags: ["--favorites", "--no-map"])
        let usage =
            "usage: roadtrip vacation import FILE --user NAME | roadtrip vacation list --user NAME\n"
            + "       roadtrip vacation book ID --user NAME --output FILE.pdf [--size a4|a4-landscape|letter|square] "
            + "[--favorites] [--no-map] [--title TEXT] [--subtitle TEXT] [--cover PHOTO] [--basemap FILE]"
        guard let userName = parsed.options["--user"] else { throw CommandFailure(message: usage, status: 64) }
        let library = try openLibrary(parsed)
        do {
            try moveVacationDocuments(library)
        } catch {
            throw CommandFailure(message: "cannot move the vacations into the library: \(error)")
        }
        let account: Account
        do {
            guard let found = try library.accounts.account(named: userName) else {
                throw CommandFailure(message: "no account named '\(userName)'")
            }
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
                    Console.out("\(vacation.id)\t\(vacation.name)\t\(vacation.photoCount) photo\(vacation.photoCount == 1 ? "" : "s")")
                }
            } catch {
                throw CommandFailure(message: "cannot read the vacations: \(error)")
            }
        case ("book", 2):
            try printBook(parsed, of: account, in: library, usage: usage)
        default:
            throw CommandFailure(message: usage, status: 64)
        }
    }

    /// Writes the vacation's book as a print-ready PDF and says its report.
    private static func printBook(_ parsed: Arguments, of account: Account, in library: Library, usage: String) throws(CommandFailure) {
        guard let id = Int64(parsed.words[1]), let output = parsed.options["--output"] else {
            throw CommandFailure(message: usage, status: 64)
        }
        var request = BookRequest(
            title: parsed.options["--title"], subtitle: parsed.options["--subtitle"],
            photos: parsed.flags.contains("--favorites") ? .favorites : .all, map: !parsed.flags.contains("--no-map"))
        if let size = parsed.options["--size"] {
            guard let known = BookSize(rawValue: size) else {
                throw CommandFailure(
                    message: "--size is one of \(BookSize.allCases.map(\.rawValue).joined(separator: ", ")), not '\(size)'", status: 64)
            }
            request.size = known
        }
        var basemap: BasemapPack?
        if let file = parsed.options["--basemap"] {
            do { basemap = try BasemapPack(file: URL(fileURLWithPath: file)) } catch {
                throw CommandFailure(message: "--basemap \(file): \(error)")
            }
        }
        if let cover = parsed.options["--cover"] {
            guard let photo = Int64(cover) else {
                throw CommandFailure(message: "--cover takes a photo's number in the vacation", status: 64)
            }
            request.cover = photo
        }
        do {
            let terminal = isatty(STDERR_FILENO) == 1
            let printed = try library.printBook(
                ofVacation: id, for: account.id, request, to: output, land: basemap?.landShapes,
                progress: { page, pages in
                    if terminal { FileHandle.standardError.write(Data("\r\u{1B}[KLaying out page \(page) of \(pages)".utf8)) }
                    return true
                })
            if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            guard let report = printed?.report else {
                throw CommandFailure(
                    message: "\(account.name) has no vacation \(id) (`roadtrip vacation list --user \(account.name)` lists them)")
            }
            Console.out("Wrote \(output) (\(request.size.label)).")
            for line in report.sentences { Console.out(line) }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "the book could not be made: \(error)")
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
