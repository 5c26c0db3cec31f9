import Foundation
import Imaging
import SQLDatabase
import TestSupport
import Testing
import Video
@testable import RoadTrip

/// A Motion Photo's video, found inside its JPEG, becomes the still's motion; the still is kept as
/// it is (`PhotoStore+MotionPhotos`).
@Suite struct MotionPhotoTests {
    @Test(arguments: DatabaseEngine.allCases) func aMotionPhotosVideoIsItsMotionAndItsFileIsKeptWhole(engine: DatabaseEngine) throws {
        // setup: a Pixel's (Google's XMP) and a Galaxy's (Samsung's trailer); another photo with the Pixel's clip inside.
        let fixture = try PhotosFixture(engine: engine)
        let clips = [try TestClips.h264(), try TestClips.fadeIn()]
        let pixel = try TestClips.motionPhoto(
            still: try fixture.draw("pixel still.jpg", seed: 1), video: clips[0], style: .google,
            to: fixture.source.appendingPathComponent("PXL_20240601.MP.jpg").path)
        let galaxy = try TestClips.motionPhoto(
            still: try fixture.draw("galaxy still.jpg", seed: 2), video: clips[1], style: .samsung,
            to: fixture.source.appendingPathComponent("20240601_100500.jpg").path)
        let copy = try TestClips.motionPhoto(
            still: try fixture.draw("copy still.jpg", seed: 3), video: clips[0], style: .google,
            to: fixture.source.appendingPathComponent("PXL_copy.MP.jpg").path)

        // MUT
        let outcomes = [fixture.importPhoto(pixel), fixture.importPhoto(galaxy)]
        let second = fixture.importPhoto(copy)

        // validate: each a still that moves, its clip its motion, the file kept byte for byte
        for (outcome, (path, clip)) in zip(outcomes, zip([pixel, galaxy], clips)) {
            guard case .imported(let photo, let warnings) = outcome else { Issue.record("not imported: \(outcome)"); continue }
            #expect(warnings.isEmpty, "\(warnings)")
            #expect(photo.motion == .motion && !photo.isVideo && photo.format == .jpeg)
            #expect(abs((photo.duration ?? 0) - (clip == clips[0] ? 2000 : 1500)) <= 50)
            let video = try #require(try fixture.photos.video(of: photo))
            #expect(
                FileManager.default.contentsEqual(atPath: fixture.photos.files.video(sha256: video.sha256, container: .mp4), andPath: clip))
            #expect(
                FileManager.default.contentsEqual(atPath: fixture.photos.files.original(sha256: photo.sha256, format: .jpeg), andPath: path)
            )
        }
        guard case .imported(let still, let warnings) = second else { Issue.record("not imported: \(second)"); return }
        #expect(still.motion == nil && warnings == ["its motion is another photo's already, so it was left out"])
        #expect(try fixture.rows(in: "photos") == 3 && (try fixture.rows(in: "videos")) == 2)
        #expect(try fixture.library.jobs.pending()[.video] == 2)
    }

    @Test func aMotionPhotoWhoseVideoIsNotOneIsAStill() throws {
        // setup: the XMP names a video, but the bytes after the picture are not one.
        let fixture = try PhotosFixture()
        let noise = try fixture.write([UInt8](repeating: 0x42, count: 4000), as: "noise.mp4")
        let path = try TestClips.motionPhoto(
            still: try fixture.draw("still.jpg"), video: noise, style: .google,
            to: fixture.source.appendingPathComponent("broken.MP.jpg").path)

        // MUT
        let outcome = fixture.importPhoto(path)

        // validate
        guard case .imported(let photo, _) = outcome else { Issue.record("not imported: \(outcome)"); return }
        #expect(photo.motion == nil)
        #expect(try fixture.rows(in: "videos") == 0)
    }
}
