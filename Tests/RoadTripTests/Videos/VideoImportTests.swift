import Foundation
import Imaging
import SQLDatabase
import TestSupport
import Testing
import Video
@testable import RoadTrip

/// Videos brought into the library as a phone recorded them, on both engines.
@Suite struct VideoImportTests {
    @Test(arguments: DatabaseEngine.allCases) func aVideoIsImportedWithItsPosterPlaceAndTimeAndItsRenditionQueued(engine: DatabaseEngine)
        throws
    {
        // setup: H.264 recorded in Lisbon, given a name that says nothing of what it is.
        let fixture = try PhotosFixture(engine: engine)
        let path = fixture.source.appendingPathComponent("tram ride").path
        try FileManager.default.copyItem(atPath: try TestClips.h264(), toPath: path)

        // MUT
        let outcome = fixture.importPhoto(path)

        // validate
        guard case .imported(let photo, _) = outcome else { Issue.record("not imported: \(outcome)"); return }
        #expect(photo.motion == .video && photo.isVideo)
        #expect(abs((photo.duration ?? 0) - 2000) <= 50)
        #expect(photo.takenAt == "2024-06-01T08:05:00" && photo.takenOffset == 0)
        #expect(photo.latitude == 38.71 && photo.longitude == -9.15 && photo.placeID == PhotosFixture.lisbon.id)
        #expect((photo.displayWidth, photo.displayHeight) == (320, 240), "the poster's size")
        #expect(photo.byteCount == Int(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1))
        let video = try #require(try fixture.photos.video(of: photo))
        #expect(video.sha256 == photo.sha256 && video.container == .mp4 && video.videoCodec == "h264" && video.rendition == .pending(0))
        let files = fixture.photos.files
        #expect(FileManager.default.contentsEqual(atPath: files.video(sha256: photo.sha256, container: .mp4), andPath: path))
        #expect(
            try fixture.library.photos.processor.inspect(fileAt: files.original(sha256: photo.sha256, format: .jpeg)).header.format
                == .jpeg,
            "the poster stands where a photo's original does")
        #expect(FileManager.default.fileExists(atPath: files.rendition(.thumbnail, sha256: photo.sha256)))
        #expect(try fixture.library.jobs.pending()[.video] == 1)
    }

    @Test(arguments: DatabaseEngine.allCases) func theRenditionJobRemuxesOrTranscodesAndTheSameVideoTwiceIsStoredOnce(
        engine: DatabaseEngine
    ) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let h264 = try #require(fixture.importPhoto(try TestClips.h264()).photo)
        let hevc = try #require(fixture.importPhoto(try TestClips.hevc()).photo)

        // MUT
        for photo in [h264, hevc] { try fixture.library.runVideoJob(Job(id: 0, kind: .video, key: String(photo.id), attempts: 1)) }
        let again = fixture.importPhoto(try TestClips.h264())

        // validate
        #expect(try fixture.photos.video(of: h264)?.rendition == .ready && (try fixture.photos.video(of: h264)?.renditionWay) == .remux)
        #expect(try fixture.photos.video(of: hevc)?.rendition == .ready && (try fixture.photos.video(of: hevc)?.renditionWay) == .transcode)
        let made = try fixture.photos.video.tools.probe(fixture.photos.files.videoRendition(sha256: hevc.sha256), container: .mp4)
        #expect(made.videoCodec == "h264" && made.displayHeight == 320, "upright")
        #expect(hevc.takenAt == "2024-06-01T10:05:00" && hevc.takenOffset == 120 && hevc.camera == "Apple iPhone 15")
        #expect(again == .alreadyThere(h264))
        #expect(try fixture.rows(in: "videos") == 2)
        #expect(!fixture.files(under: "cache/video").contains { $0.contains(".making-") }, "no partial file left")
        #expect(!fixture.files(under: "originals").contains { $0.contains(".poster-") }, "no still left")
    }

    @Test(arguments: DatabaseEngine.allCases) func checkQueuesAVideoWhoseRenditionWentMissing(engine: DatabaseEngine) throws {
        // setup: a video made playable, then the cache emptied.
        let fixture = try PhotosFixture(engine: engine)
        let photo = try #require(fixture.importPhoto(try TestClips.h264()).photo)
        try fixture.library.runVideoJob(Job(id: 0, kind: .video, key: String(photo.id), attempts: 1))
        _ = try fixture.library.jobs.claim([.video]).map { try fixture.library.jobs.finish($0) }
        try FileManager.default.removeItem(atPath: fixture.photos.files.videoRendition(sha256: photo.sha256))

        // MUT
        let report = try fixture.library.check()

        // validate
        #expect(report.repairs == ["1 video had no playable copy: queued to be made again (the server makes them)"], "\(report)")
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(try fixture.library.jobs.pending()[.video] == 1)
        #expect(try fixture.photos.video(of: photo)?.rendition == .pending(0))
    }

    @Test(arguments: DatabaseEngine.allCases) func aFailedRenditionIsTriedOnceMoreThenShownWithItsReason(engine: DatabaseEngine) throws {
        // setup: FFmpeg reads the file at import, then crashes on every run.
        let fixture = try PhotosFixture(engine: engine)
        let photo = try #require(fixture.importPhoto(try TestClips.h264()).photo)
        let crashing = try TestClips.fakeFFmpeg("crashing-ffmpeg", "kill -SEGV $$")
        let broken = try Library(
            folder: fixture.data.url, database: fixture.library.location,
            readers: 1, clock: fixture.clock.wallClock, hasher: .leastWork(), gazetteer: fixture.photos.gazetteer,
            video: VideoOptions(tools: VideoTools(ffmpeg: crashing, ffprobe: crashing)))

        // MUT
        #expect(throws: VideoError.self) { try broken.runVideoJob(Job(id: 0, kind: .video, key: String(photo.id), attempts: 1)) }
        let first = try fixture.photos.video(of: photo)?.rendition
        try broken.runVideoJob(Job(id: 0, kind: .video, key: String(photo.id), attempts: 2))

        // validate
        #expect(first == .failed("FFmpeg failed to read it (it ended on signal 11); trying again"))
        #expect(try fixture.photos.video(of: photo)?.rendition == .failed("FFmpeg failed to read it (it ended on signal 11)"))
        #expect(!FileManager.default.fileExists(atPath: fixture.photos.files.videoRendition(sha256: photo.sha256)))
    }

    @Test(arguments: [
        ("not a video.mp4", Array("This is a letter, not a film.".utf8), "not a photo or video RoadTrip takes")
    ])
    func aFileNamedLikeAVideoThatIsNotOneIsRefused(name: String, bytes: [UInt8], reason: String) throws {
        let fixture = try PhotosFixture()

        let outcome = fixture.importPhoto(try fixture.write(bytes, as: name))

        guard case .refused(let said) = outcome else { Issue.record("\(outcome)"); return }
        #expect(said.contains(reason), "\(said)")
        #expect(try fixture.rows(in: "photos") == 0 && fixture.files(under: "originals").isEmpty)
    }

    @Test func aTruncatedVideoIsRefusedAndNothingIsLeft() throws {
        let fixture = try PhotosFixture()

        let outcome = fixture.importPhoto(try TestClips.truncated())

        guard case .refused(let said) = outcome else { Issue.record("\(outcome)"); return }
        #expect(said.hasPrefix("FFmpeg cannot read it"), "\(said)")
        #expect(try fixture.rows(in: "photos") == 0 && fixture.files(under: "originals").isEmpty)
    }

    @Test func aVideoOverTheSizeLimitIsRefusedSayingTheLimit() throws {
        let fixture = try PhotosFixture()
        let small = try Library(
            folder: fixture.data.url, readers: 1, clock: fixture.clock.wallClock, hasher: .leastWork(),
            gazetteer: fixture.photos.gazetteer, video: VideoOptions(maximumSize: 4096))

        let outcome = small.photos.importPhoto(at: try TestClips.h264(), fileName: "big.mp4", by: nil)

        #expect(outcome == .refused("it is larger than the video size limit (4096 bytes)"))
        #expect(try fixture.rows(in: "photos") == 0 && fixture.files(under: "originals").isEmpty)
    }
}
