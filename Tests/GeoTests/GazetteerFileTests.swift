import CZlib
import Foundation
import Testing
import Geo

/// Reading the gazetteer file format, and refusing damaged files with a message that says
/// what is wrong and where.
@Suite struct GazetteerFileTests {
    private static let validText = """
        # a comment line, as the attribution is
        V\t2\ttest\t3
        Z\tAmerica/Los_Angeles
        Z\tAmerica/New_York
        Z\tEurope/Paris
        C\tFR\tFrance\t2
        C\tUS\tUnited States\t1
        R\tUS\tCA\tCalifornia
        2988507\tFR\t\t48.8534\t2.3488\t2138551\t\tParis
        2402436\tUS\tCA\t37.7749\t-122.4194\t827526\t0\tSan Francisco
        1\tUS\t\t-0.5\t179.9999\t0\t\tNowhere

        """

    @Test func aWellFormedFileIsReadWithCountriesRegionsAndRisingIDs() throws {
        // setup
        let url = try writeGzip(Self.validText)
        defer { try? FileManager.default.removeItem(at: url) }

        // MUT
        let gazetteer = try Gazetteer(contentsOf: url)

        // validate
        #expect(gazetteer.count == 3)
        let paris = try #require(gazetteer.place(id: 2_988_507))
        #expect(paris.name == "Paris")
        #expect(paris.region == nil)
        #expect(paris.country == "France")
        #expect(paris.coordinate == Coordinate(latitude: 48.8534, longitude: 2.3488))
        #expect(paris.population == 2_138_551)
        #expect(paris.timeZone == "Europe/Paris", "a place naming no zone is in its country's")
        let sanFrancisco = try #require(gazetteer.place(id: 2_988_507 + 2_402_436))
        #expect(sanFrancisco.region == "California")
        #expect(sanFrancisco.countryCode == "US")
        #expect(sanFrancisco.timeZone == "America/Los_Angeles")
        let nowhere = try #require(gazetteer.place(id: 2_988_507 + 2_402_436 + 1))
        #expect(nowhere.coordinate == Coordinate(latitude: -0.5, longitude: 179.9999))
    }

    @Test(arguments: [6, 100])
    func aTruncatedFileIsRefused(missingBytes: Int) throws {
        // setup: 6 bytes cut the checksum trailer, 100 cut into the compressed data
        let complete = try writeGzip(Self.validText)
        defer { try? FileManager.default.removeItem(at: complete) }
        let full = try Data(contentsOf: complete)
        let url = try writeFile(full.prefix(full.count - missingBytes))
        defer { try? FileManager.default.removeItem(at: url) }

        // MUT
        let error = try #require(throws: GazetteerError.self) { try Gazetteer(contentsOf: url) }

        // validate
        #expect(error.description.contains(url.path))
        #expect(error.description == "\(url.path): truncated (the gzip data ends early)")
    }

    @Test func aFileWithACorruptedByteIsRefused() throws {
        // setup
        let whole = try writeGzip(Self.validText)
        defer { try? FileManager.default.removeItem(at: whole) }
        var bytes = try Data(contentsOf: whole)
        bytes[bytes.count / 2] ^= 0x55
        let url = try writeFile(bytes)
        defer { try? FileManager.default.removeItem(at: url) }

        // MUT
        let error = try #require(throws: GazetteerError.self) { try Gazetteer(contentsOf: url) }

        // validate: zlib notices the damage, in the data or in the checksum
        #expect(error.description.hasPrefix("\(url.path): damaged ("))
    }

    @Test func aFileThatIsNotGzipIsRefused() throws {
        // setup
        let url = try writeFile(Data(Self.validText.utf8))
        defer { try? FileManager.default.removeItem(at: url) }

        // MUT
        let error = try #require(throws: GazetteerError.self) { try Gazetteer(contentsOf: url) }

        // validate
        #expect(error.description.contains("not a gzip file"))
    }

    @Test func anEmptyFileIsRefused() throws {
        // setup: what the resource was before scripts/make-gazetteer.py first ran
        let url = try writeFile(Data())
        defer { try? FileManager.default.removeItem(at: url) }

        // MUT
        let error = try #require(throws: GazetteerError.self) { try Gazetteer(contentsOf: url) }

        // validate
        #expect(error.description == "\(url.path): empty file")
    }

    @Test func aMissingFileIsRefused() throws {
        // setup
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-gazetteer-\(UUID()).gz")

        // MUT
        let error = try #require(throws: GazetteerError.self) { try Gazetteer(contentsOf: url) }

        // validate
        #expect(error.description.contains("cannot open"))
    }

    @Test(arguments: [
        ("2402436\tUS\tCA\t95.0\t-122.4194\t827526\t0\tSan Francisco", 10, "bad coordinate"),
        ("2402436\tUS\tCA\t37.7749\t-122.4194\tmany\t0\tSan Francisco", 10, "population"),
        ("2402436\tUS\tNY\t37.7749\t-122.4194\t827526\t0\tSan Francisco", 10, "unknown region NY"),
        ("2402436\tXX\t\t37.7749\t-122.4194\t827526\t0\tSan Francisco", 10, "unknown country code XX"),
        ("2402436\tUS\tCA\t37.7749\t-122.4194\t827526\tSan Francisco", 10, "expected 8 fields"),
        ("0\tUS\tCA\t37.7749\t-122.4194\t827526\t0\tSan Francisco", 10, "id step"),
        ("2402436\tUS\tCA\t37.7749\t-122.4194\t827526\t0\t", 10, "name"),
        ("2402436\tUS\tCA\t37.7749\t-122.4194\t827526\t3\tSan Francisco", 10, "time zone 3 is not one of the 3 Z lines"),
        ("Q\twhat", 10, "unrecognised line"),
        ("R\tXX\tCA\tCalifornia", 8, "region of unknown country XX"),
        ("C\tUSA\tUnited States\t1", 7, "two-letter country code"),
        ("C\tUS\tUnited States\tsome", 7, "time zone some is not one"),
        ("Z\tAmerica/Chicago", 7, "time-zone lines must come before the countries"),
    ])
    func aDamagedLineIsRefusedNamingTheLine(line: String, lineNumber: Int, problem: String) throws {
        // setup
        var lines = Self.validText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[lineNumber - 1] = line
        let url = try writeGzip(lines.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(at: url) }

        // MUT
        let error = try #require(throws: GazetteerError.self) { try Gazetteer(contentsOf: url) }

        // validate
        #expect(error.description.contains("line \(lineNumber):"))
        #expect(error.description.contains(problem))
    }

    @Test func aFileWithFewerPlacesThanItsVersionLinePromisesIsRefused() throws {
        // setup: a file cut at a line boundary and then gzip'd again still passes zlib's checks
        let cut = Self.validText.split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
        let url = try writeGzip(cut)
        defer { try? FileManager.default.removeItem(at: url) }

        // MUT
        let error = try #require(throws: GazetteerError.self) { try Gazetteer(contentsOf: url) }

        // validate
        #expect(error.description.contains("promises 3"))
    }

    @Test func aFileOfAnotherFormatVersionIsRefused() throws {
        // setup
        let url = try writeGzip(Self.validText.replacingOccurrences(of: "V\t2\t", with: "V\t1\t"))
        defer { try? FileManager.default.removeItem(at: url) }

        // MUT
        let error = try #require(throws: GazetteerError.self) { try Gazetteer(contentsOf: url) }

        // validate
        #expect(error.description.contains("line 2: format 1 is not 2"))
    }

    private func writeFile(_ data: Data) throws -> URL {
        let url = temporaryURL()
        try data.write(to: url)
        return url
    }

}
