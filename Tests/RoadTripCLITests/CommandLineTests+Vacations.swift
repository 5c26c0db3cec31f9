import Foundation
import SQLDatabase
import Testing
import TestSupport
@testable import RoadTrip
#if canImport(Glibc)
    import Glibc
#endif

/// A data folder an older RoadTrip left, with its vacations in documents, started as a person
/// starts it: `serve` and `vacation` move the documents into the library first.
extension CommandLineTests {
    /// Ann's "Lisbon" (one photo) as a document in `vacations/1.vacation`, its rows not in the
    /// library yet, and "Porto" whose document is damaged. An export is exactly such a document.
    private func oldDataFolder() throws -> String {
        let data = scratch.url.appendingPathComponent("data")
        let library = try Library(folder: data, readers: 1)
        let ann = try library.accounts.create(
            name: "Ann", password: "correct horse battery", repeated: "correct horse battery", isOwner: true)
        let lisbon = try library.vacations.create(named: "Lisbon", for: ann.id)
        let porto = try library.vacations.create(named: "Porto", for: ann.id)
        let photo = VisitedPhoto(
            sha256: String(repeating: "a", count: 64), title: "Alfama", subtitle: nil, takenAt: "2024-05-03T10:00:00",
            sortedAt: "2024-05-03T10:00:00", latitude: nil, longitude: nil, camera: nil, place: nil, width: 4, height: 3,
            preview: [0xFF, 0xD8, 0xFF, 0xE0], thumbnail: Array("RIFF\0\0\0\0WEBP".utf8), tags: ["Trams"])
        try library.vacations.visit(photo, into: lisbon, for: ann.id)
        let folder = data.appendingPathComponent("vacations")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: try library.vacations.export(lisbon, for: ann.id), toPath: folder.appendingPathComponent("\(lisbon).vacation").path)
        try Data("damaged".utf8).write(to: folder.appendingPathComponent("\(porto).vacation"))
        try library.database.write { db in
            try db.execute("DELETE FROM vacation_photos")
            try db.execute("DELETE FROM vacation_tags")
            try db.execute("UPDATE vacations SET in_document = 1")
        }
        return data.path
    }

    @Test func vacationListMovesTheDocumentsOfAnOlderRoadTripFirstAndWarnsOfOneItCannotRead() throws {
        // setup
        let data = try oldDataFolder()

        // MUT
        let listed = try run("vacation", "list", "--user", "Ann", "--data", data)
        let again = try run("vacation", "list", "--user", "Ann", "--data", data)

        // validate
        #expect(listed.status == 0)
        #expect(listed.standardOutput == "1\tLisbon\t1 photo\n2\tPorto\t0 photos\n")
        #expect(listed.standardErrorLines.count == 1)
        #expect(
            listed.standardErrorLines.first?.hasPrefix("warning: vacation “Porto” (2) is empty: its document could not be moved") == true,
            "\(listed.standardErrorLines)")
        #expect(listed.standardErrorLines.first?.hasSuffix("kept as \(data)/vacations/2.vacation.unreadable") == true)
        #expect(again.standardError.isEmpty, "said once")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/vacations") == ["2.vacation.unreadable"])
    }

    @Test func serveMovesTheDocumentsOfAnOlderRoadTripBeforeItAnswers() throws {
        // setup
        let data = try oldDataFolder()
        try FileManager.default.removeItem(atPath: data + "/vacations/2.vacation")

        // MUT
        let server = try RoadTripProcess.start(["serve", "--port", "0", "--data", data, "--no-offline-copies"], scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 60)
        #expect(server.signal(SIGTERM))
        let stopped = try server.waitForExit(within: 15)

        // validate
        #expect(stopped.status == 0)
        #expect(!FileManager.default.fileExists(atPath: data + "/vacations"), "moved, and the folder gone")
        let library = try Library(folder: URL(fileURLWithPath: data), readers: 1)
        let ann = try #require(try library.accounts.account(named: "Ann"))
        #expect(try library.vacations.all(of: ann.id).map { "\($0.name) \($0.photoCount)" } == ["Lisbon 1", "Porto 0"])
        #expect(try library.vacations.vacation(1, of: ann.id)?.contents.tags(ofPhoto: 1) == ["Trams"])
        #expect(stopped.standardError.contains("warning: vacation “Porto” (2) is empty: its document was missing"))
    }
}

extension CommandLineTests {
    @Test func vacationBookWritesThePrintReadyPDFAndSaysItsReportAndRefusesWhatItCannotDo() throws {
        // setup: Ann's "Lisbon" of two photos
        let data = scratch.url.appendingPathComponent("data")
        let library = try Library(folder: data, readers: 1)
        let ann = try library.accounts.create(
            name: "Ann", password: "correct horse battery", repeated: "correct horse battery", isOwner: true)
        let lisbon = try library.vacations.create(named: "Lisbon", for: ann.id)
        for seed in 1...2 {
            let path = try scratch.drawPhoto("p\(seed).jpg", seed: UInt64(seed), width: 1200, height: 900)
            guard case .imported(let photo, _) = library.photos.importPhoto(at: path, fileName: "p\(seed).jpg", by: ann.id) else {
                Issue.record("not imported")
                return
            }
            _ = try library.vacations.visit(photo, into: lisbon, for: ann.id, library: library)
        }
        let output = scratch.url.appendingPathComponent("Lisbon.pdf").path

        // MUT
        let made = try run("vacation", "book", String(lisbon), "--user", "Ann", "--output", output, "--size", "letter", "--data", data.path)
        let size = try run("vacation", "book", String(lisbon), "--user", "Ann", "--output", output, "--size", "b5", "--data", data.path)
        let none = try run("vacation", "book", "99", "--user", "Ann", "--output", output, "--data", data.path)
        let noOutput = try run("vacation", "book", String(lisbon), "--user", "Ann", "--data", data.path)

        // validate
        #expect(
            made.status == 0 && made.standardOutput.hasPrefix("Wrote \(output) (US Letter (8.5 × 11 in)).\n"),
            "\(made.standardOutput) \(made.standardError)")
        #expect(made.standardOutput.contains(" pages, 2 photos.\n"))
        let info = try ChildProcess("/usr/bin/pdfinfo", [output]).waitForExit(within: 30).standardOutput
        #expect(info.contains("Page size:       629.008 x 809.008 pts"), "Letter and 3 mm of bleed each side: \(info)")
        #expect(size.status == 64 && size.standardError.contains("--size is one of a4, a4-landscape, letter, square, not 'b5'"))
        #expect(none.status == 1 && none.standardError.contains("Ann has no vacation 99"))
        #expect(noOutput.status == 64 && noOutput.standardError.contains("usage: roadtrip vacation"))
    }
}
