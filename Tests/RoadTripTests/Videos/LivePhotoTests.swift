import Foundation
import Imaging
import SQLDatabase
import TestSupport
import Testing
import Video
@testable import RoadTrip

/// A Live Photo's still and movie become one item, whichever comes first, in one run or two,
/// on both engines (`PhotoStore+LivePhotos`).
@Suite struct LivePhotoTests {
    static let identifier = "6F2B7C1E-4A8D-4E55-9C3A-1D2E3F405162"

    /// The still of the pair: a JPEG taken in Zagreb at 10:05 (UTC+2) whose MakerNote names `identifier`.
    static func still(
        _ fixture: PhotosFixture, _ name: String = "IMG_0042.JPG", identifier: String? = identifier,
        seed: UInt64 = 1
    ) throws -> String {
        try fixture.draw(
            name, seed: seed, at: (45.815, 15.9819), takenAt: "2024-06-01T10:05:00", takenOffset: 120,
            appleMakerNote: identifier.map { TestClips.appleMakerNote($0) })
    }

    @Test(arguments: DatabaseEngine.allCases) func theMovieArrivingJoinsItsStillAndIsNoItemOfItsOwn(engine: DatabaseEngine) throws {
        // setup: the still imported alone.
        let fixture = try PhotosFixture(engine: engine)
        let still = try #require(fixture.importPhoto(try Self.still(fixture)).photo)
        #expect(still.motion == nil)
        let movie = try TestClips.liveMovie("IMG_0042.MOV", identifier: Self.identifier)

        // MUT
        let outcome = fixture.importPhoto(movie)

        // validate: one item, the still's, which now plays the movie
        guard case .paired(let live) = outcome else { Issue.record("not paired: \(outcome)"); return }
        #expect(live.id == still.id && live.sha256 == still.sha256 && live.motion == .live)
        #expect(abs((live.duration ?? 0) - 1000) <= 50)
        #expect(try fixture.rows(in: "photos") == 1)
        let video = try #require(try fixture.photos.video(of: live))
        #expect(video.contentIdentifier == Self.identifier && video.container == .mov && video.rendition == .pending(0))
        #expect(
            FileManager.default.contentsEqual(atPath: fixture.photos.files.video(sha256: video.sha256, container: .mov), andPath: movie))
        #expect(
            !fixture.files(under: "originals").contains { $0.hasSuffix("\(video.sha256).jpg") }, "no poster for a movie that has its still")
        #expect(!fixture.files(under: "cache").contains { $0.contains(video.sha256) })
        #expect(try fixture.library.jobs.pending()[.video] == 1)
        let kept: String? = try fixture.library.database.read {
            try $0.fetchOne("SELECT content_identifier FROM photos").flatMap { try $0["content_identifier"] }
        }
        #expect(kept == Self.identifier, "the item keeps the identifier")
        // Either half again is the pair, stored once.
        #expect(fixture.importPhoto(movie) == .alreadyThere(live))
        #expect(fixture.importPhoto(try Self.still(fixture)) == .alreadyThere(live))
    }

    @Test(arguments: DatabaseEngine.allCases) func theStillArrivingTakesItsMoviesItemWhichKeepsItsNumber(engine: DatabaseEngine) throws {
        // setup: the movie imported alone (an item with its poster), in a run before the still's.
        let fixture = try PhotosFixture(engine: engine)
        let alone = try #require(fixture.importPhoto(try TestClips.liveMovie("IMG_0042.MOV", identifier: Self.identifier)).photo)
        #expect(alone.isVideo)
        #expect(fixture.files(under: "originals").contains { $0.hasSuffix("\(alone.sha256).jpg") }, "its poster")

        // MUT
        let outcome = fixture.importPhoto(try Self.still(fixture))

        // validate: the movie's item, now the still with its motion
        guard case .paired(let live) = outcome else { Issue.record("not paired: \(outcome)"); return }
        #expect(live.id == alone.id && live.motion == .live && live.format == .jpeg && live.sha256 != alone.sha256)
        #expect(live.camera == "Fujifilm X-T5", "what the movie lacked the still gives")
        #expect(live.takenAt == "2024-06-01T10:05:00" && live.takenOffset == 120, "the movie's own time stays")
        #expect(try fixture.rows(in: "photos") == 1 && (try fixture.rows(in: "videos")) == 1)
        #expect(try fixture.photos.video(of: live)?.sha256 == alone.sha256)
        #expect(!fixture.files(under: "originals").contains { $0.hasSuffix("\(alone.sha256).jpg") }, "the poster's files went")
        #expect(fixture.files(under: "originals").contains { $0.hasSuffix("\(alone.sha256).mov") }, "the movie stays")
        #expect(!fixture.files(under: "cache").contains { $0.contains(alone.sha256) })
        #expect(fixture.files(under: "originals").contains { $0.contains(live.sha256) })
    }

    @Test(arguments: DatabaseEngine.allCases) func bothHalvesInOneBatchAreOneLivePhotoInTheSummary(engine: DatabaseEngine) throws {
        // setup: two pairs and a photo, imported together by several workers, each pair's halves in either order.
        let fixture = try PhotosFixture(engine: engine)
        let second = "0D1C2B3A-4F5E-4D6C-8B7A-695847362514"
        let sources = [
            try TestClips.liveMovie("IMG_0042.MOV", identifier: Self.identifier), try Self.still(fixture),
            try Self.still(fixture, "IMG_0043.JPG", identifier: second, seed: 2),
            try TestClips.liveMovie("IMG_0043.MOV", identifier: second),
            try fixture.draw("plain.jpg", seed: 3),
        ].map { ImportSource(path: $0) }

        // MUT
        let summary = PhotoImporter(library: fixture.photos, workers: 3).run(sources)

        // validate
        #expect(summary.imported.count == 5 && summary.refused.isEmpty)
        #expect(summary.importedKinds == "1 photo and 2 Live Photos")
        #expect(try fixture.rows(in: "photos") == 3 && (try fixture.rows(in: "videos")) == 2)
        let live: Int = try fixture.library.database.read { try $0.fetchValue("SELECT count(*) FROM photos WHERE motion = 'live'") ?? -1 }
        #expect(live == 2)
    }

    @Test(arguments: DatabaseEngine.allCases) func withoutIdentifiersTheSameNameWithinThreeSecondsPairs(engine: DatabaseEngine) throws {
        // setup: a still and movies that carry no identifier (an export dropped them): the
        // still's movie a second later; one of another name; one of its name ten seconds later.
        let fixture = try PhotosFixture(engine: engine)
        let still = try #require(fixture.importPhoto(try Self.still(fixture, identifier: nil)).photo)
        let later = try TestClips.liveMovie("later.mov", identifier: nil, creationDate: "2024-06-01T10:05:10+0200")
        let other = try TestClips.liveMovie("other.mov", identifier: nil, creationDate: "2024-06-01T10:05:01+0200")

        // MUT
        let tooLate = fixture.importPhoto(later, name: "IMG_0042.MOV")
        let otherName = fixture.importPhoto(other, name: "IMG_0099.MOV")
        let own = fixture.photos.importPhoto(
            at: try TestClips.liveMovie("own.mov", identifier: nil, creationDate: "2024-06-01T08:05:01Z"),
            fileName: "img_0042.mov", by: nil)

        // validate: the zones known, 08:05:01 UTC is a second after 10:05 in UTC+2
        #expect(tooLate.photo?.isVideo == true, "ten seconds apart: a video of its own")
        #expect(otherName.photo?.isVideo == true, "another name: a video of its own")
        guard case .paired(let live) = own else { Issue.record("not paired: \(own)"); return }
        #expect(live.id == still.id && live.motion == .live)
    }

    @Test func aPixelsMotionPhotoAsATakeoutSplitsItPairsItsDotMPStillWithItsDotMPMovie() throws {
        // setup: the still whose embedded motion a Takeout broke, and the motion beside it, named
        // as Google names them, a second apart
        let fixture = try PhotosFixture()
        let still = try #require(
            fixture.importPhoto(
                try Self.still(fixture, "PXL_20240601_080500000.MP.jpg", identifier: nil),
                name: "PXL_20240601_080500000.MP.jpg"
            ).photo)
        let movie = try TestClips.liveMovie("motion.mp4", identifier: nil, creationDate: "2024-06-01T08:05:01Z")

        // MUT
        let outcome = fixture.photos.importPhoto(at: movie, fileName: "PXL_20240601_080500000.MP", by: nil)

        // validate: one item that plays, named without Google's mark
        guard case .paired(let live) = outcome else { Issue.record("not paired: \(outcome)"); return }
        #expect(live.id == still.id && live.motion == .live && live.title == "PXL_20240601_080500000")
        #expect(try fixture.photos.count == 1)
    }

    @Test(arguments: DatabaseEngine.allCases) func aSecondStillWithTheSameIdentifierIsAPhotoOfItsOwn(engine: DatabaseEngine) throws {
        // setup: a Live Photo, then an edited export of its still (other bytes, the same MakerNote).
        let fixture = try PhotosFixture(engine: engine)
        _ = fixture.importPhoto(try Self.still(fixture))
        let live = try #require(fixture.importPhoto(try TestClips.liveMovie("IMG_0042.MOV", identifier: Self.identifier)).photo)

        // MUT
        let edited = fixture.importPhoto(try Self.still(fixture, "IMG_0042 edited.JPG", seed: 9))

        // validate
        guard case .imported(let photo, _) = edited else { Issue.record("not imported: \(edited)"); return }
        #expect(photo.motion == nil && photo.id != live.id)
        #expect(try fixture.photos.video(of: live) != nil)
    }
}
