import Foundation
import SQLDatabase
import SQLite
import Testing
@testable import RoadTrip

/// Text-direction overrides (U+202A–U+202E, U+2066–U+2069) in every name RoadTrip shows: refused
/// where a person types it, removed where it arrives from a file or a service.
extension VacationStoreTests {
    static let hostile = [
        "Lisbon\u{202E}gpj.exe", "\u{202A}Lisbon", "Lis\u{202B}bon", "Lis\u{202C}bon", "Lis\u{202D}bon",
        "Lis\u{2066}bon", "Lis\u{2067}bon", "Lis\u{2068}bon", "Lisbon\u{2069}",
    ]

    @Test(arguments: hostile)
    func aVacationNameWithOneIsRefusedLikeAnAccountNameAndNothingIsMade(name: String) throws {
        // setup
        let kept = try store.create(named: "Porto", for: ann.id)

        // MUT + validate
        #expect(throws: VacationError.nameHasDirectionOverrides) { try store.create(named: name, for: ann.id) }
        #expect(throws: VacationError.nameHasDirectionOverrides) { try store.rename(kept, to: name, for: ann.id) }
        #expect(throws: AccountError.nameHasDirectionOverrides) { try Credentials.validName(name) }
        #expect(try store.all(of: ann.id).map(\.name) == ["Porto"])
        #expect(try store.vacation(kept, of: ann.id)?.name == "Porto")
        #expect(try store.exportHead(kept, for: ann.id).name == "Porto")
        #expect(VacationError.nameHasDirectionOverrides.description.contains("text-direction"))
    }

    @Test(arguments: hostile)
    func aTagAPersonAddsWithOneIsRefusedAndNothingIsStored(tag: String) throws {
        // setup
        let photo = try #require(fixture.importPhoto(try fixture.draw("a.jpg")).photo)

        // MUT + validate
        #expect(throws: VacationError.tagHasDirectionOverrides) { try fixture.library.photoTags.add(tag, to: photo.id, for: ann.id) }
        #expect(try fixture.library.photoTags.tags(of: photo.id, for: ann.id).isEmpty)
    }

    @Test func aPhotoTitleFromItsFileNameOrDescriptionHasThemRemoved() throws {
        // setup
        let path = try fixture.draw("a.jpg", description: "Harbour\u{202E}gpj.exe")

        // MUT
        let photo = try #require(fixture.importPhoto(path, name: "IMG\u{2067}_0042.jpg").photo)

        // validate
        #expect(photo.title == "IMG_0042")
        #expect(photo.description == "Harbourgpj.exe")
    }

    @Test func flickrTitlesOwnerNamesAndTagsHaveThemRemoved() throws {
        // setup
        let answer = FlickrSamples.photos([
            FlickrSamples.photo(
                id: "1",
                [
                    "title": "Golden\u{202E} Gate", "ownername": "\u{2066}Ann\u{2069} Walker", "tags": "bri\u{202D}dge fog",
                    "description": ["_content": "From the \u{202B}Marin side."],
                ])
        ])

        // MUT
        let photo = try #require(try FlickrClient.fake(FakeFlickr(json: answer)).photos(inPlace: "7.MJR8tTVrIO1EgB").first)

        // validate
        #expect(photo.title == "Golden Gate")
        #expect(photo.ownerName == "Ann Walker")
        #expect(photo.description == "From the Marin side.")
        #expect(photo.tags == ["bridge", "fog"])
    }

    /// An older RoadTrip accepted them in names and tags: the document is kept, the characters
    /// go, and tags that become one are merged with the photos of both.
    @Test func anImportedDocumentHasThemRemovedFromWhatItShows() throws {
        // setup: an export edited as an older RoadTrip, or someone with sqlite3, could have made it
        let id = try store.create(named: "Lisbon", for: ann.id)
        for (seed, tag) in [(UInt64(1), "Beach"), (2, "Fado")] {
            let photo = try #require(fixture.importPhoto(try fixture.draw("p\(seed).jpg", seed: seed, at: (38.7139, -9.1394))).photo)
            try fixture.library.photoTags.add(tag, to: photo.id, for: ann.id)
            try store.visit(photo, into: id, for: ann.id, library: fixture.library)
        }
        let file = fixture.source.appendingPathComponent("hostile.vacation").path
        try FileManager.default.copyItem(atPath: try store.export(id, for: ann.id), toPath: file)
        try SQLiteDatabase(path: file, readers: 1, journal: .rollback).write { db in
            try db.execute("UPDATE vacation SET name = 'Lis' || char(0x202E) || 'bon'")
            try db.execute(
                "UPDATE photos SET title = title || char(0x2067), subtitle = char(0x202A) || 'x', camera = 'Fuji' || char(0x202C)")
            try db.execute("UPDATE places SET name = char(0x202D) || name, country = country || char(0x2069)")
            try db.execute("UPDATE tags SET name = 'beach' || char(0x202E), name_key = 'beach' || char(0x202E) WHERE name = 'Fado'")
            try db.execute("INSERT INTO tags (name, name_key) VALUES (char(0x2066), char(0x2066))")
            try db.execute("INSERT INTO photo_tags (photo_id, tag_id) SELECT min(id), last_insert_rowid() FROM photos")
        }

        // MUT
        let imported = try store.importDocument(at: file, for: ann.id)

        // validate
        #expect(imported.name == "Lisbon (2)")
        let contents = try #require(try store.vacation(imported.id, of: ann.id)).contents
        let texts =
            try contents.photos().flatMap { [$0.title, $0.subtitle ?? "", $0.camera ?? ""] }
            + (try contents.itinerary().flatMap { [$0.name, $0.country] }) + (try contents.tags().map(\.name)) + [imported.name]
        #expect(
            !texts.contains { $0.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) } })
        #expect(try contents.photos().map(\.camera) == ["Fuji", "Fuji"])
        #expect(try contents.itinerary().map(\.name) == ["Lisbon"])
        #expect(try contents.tags().map(\.name) == ["Beach"])
        #expect(try contents.tags().map(\.photoCount) == [2], "the tag that became Beach kept its photo")
    }
}
