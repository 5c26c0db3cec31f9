import Foundation
import SystemCalls
import TestSupport
import Testing
@testable import Video

@Suite struct VideoContainerTests {
    private func head(_ box: String, _ brand: String) -> [UInt8] {
        [0, 0, 0, 24] + Array(box.utf8) + Array(brand.utf8) + [UInt8](repeating: 0, count: 12)
    }

    @Test func containersAreKnownByTheirFirstBytes() {
        #expect(VideoContainer(sniffing: head("ftyp", "isom")) == .mp4)
        #expect(VideoContainer(sniffing: head("ftyp", "mp42")) == .mp4)
        #expect(VideoContainer(sniffing: head("ftyp", "qt  ")) == .mov)
        #expect(VideoContainer(sniffing: head("ftyp", "M4V ")) == .m4v)
        #expect(VideoContainer(sniffing: head("ftyp", "3gp4")) == .threeGP)
        #expect(VideoContainer(sniffing: head("moov", "\0\0\0\0")) == .mov, "QuickTime before ftyp")
        #expect(VideoContainer(sniffing: [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x84] + Array("webm".utf8) + [0, 0, 0, 0]) == .webm)
        #expect(VideoContainer(sniffing: [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x88] + Array("matroska".utf8)) == .mkv)
    }

    @Test func imagesAndOtherFilesAreNotVideos() {
        #expect(VideoContainer(sniffing: head("ftyp", "heic")) == nil, "HEIF is a photo")
        #expect(VideoContainer(sniffing: head("ftyp", "avif")) == nil)
        #expect(VideoContainer(sniffing: [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 20)) == nil)
        #expect(VideoContainer(sniffing: Array("This is not a video at all, just words.".utf8)) == nil)
        #expect(VideoContainer(sniffing: [0, 0, 0, 24, 0x66]) == nil, "too short")
    }

    @Test(arguments: [
        ("+38.7100-009.1500/", 38.71, -9.15),
        ("+45.8150+015.9819+120.000/", 45.815, 15.9819),
        ("-33.8568+151.2153/", -33.8568, 151.2153),
    ])
    func iso6709PositionsAreRead(text: String, latitude: Double, longitude: Double) throws {
        let position = try #require(ISO6709.parse(text))
        #expect(abs(position.latitude - latitude) < 1e-9 && abs(position.longitude - longitude) < 1e-9)
    }

    @Test(arguments: [
        "", "+91.0000+010.0000/", "+10.0000+181.0000/", "+00.0000+000.0000/", "38.71-9.15", "+38.7100", "+.+./", "+1e5+1e5/",
        "+11111111111111111111111.5+10/",
    ])
    func impossiblePositionsAreNone(text: String) {
        #expect(ISO6709.parse(text) == nil)
    }

    @Test func ffmpegsWordsLoseThePathsTheyName() {
        #expect(
            VideoTools.sayable("file:/srv/roadtrip/originals/ab/ab12.mp4: Invalid data found when processing input")
                == "Invalid data found when processing input")
        #expect(VideoTools.sayable("[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55d5c0a0] moov atom not found") == "moov atom not found")
        #expect(VideoTools.sayable("/tmp/x.mp4: No such file or directory") == "No such file or directory")
    }

    @Test func timesCarryTheirZoneWhenTheySayOne() {
        #expect(VideoFacts.localTime("2024-06-01T10:05:00+0200")! == ("2024-06-01T10:05:00", 120))
        #expect(VideoFacts.localTime("2024-06-01T08:05:00.000000Z")! == ("2024-06-01T08:05:00", 0))
        #expect(VideoFacts.localTime("2024-06-01T08:05:00-03:30")! == ("2024-06-01T08:05:00", -210))
        #expect(VideoFacts.localTime("2024-06-01 08:05:00")! == ("2024-06-01T08:05:00", nil))
        #expect(VideoFacts.localTime("2024-13-01T08:05:00Z") == nil)
        #expect(VideoFacts.localTime("yesterday") == nil)
    }

    @Test(arguments: [
        "", "{}", "[1,2]", #"{"streams": [{"codec_type": "audio", "codec_name": "aac"}], "format": {"duration": "2"}}"#,
        #"{"streams": [{"codec_type": "video", "codec_name": "h264", "width": 320, "height": 240}], "format": {"duration": "nan"}}"#,
        #"{"streams": [{"codec_type": "video", "codec_name": "h264", "width": 99999, "height": 240}], "format": {"duration": "2"}}"#,
        #"{"streams": [{"codec_type": "video", "codec_name": "h264", "width": 320, "height": 240}], "format": {"duration": "1e300"}}"#,
    ])
    func impossibleReportsAreRefused(report: String) {
        #expect(throws: VideoError.self) { try VideoFacts(probeReport: Array(report.utf8)) }
    }
}

/// FFmpeg itself, on clips it made: what is read, what is made, and what happens when it fails.
@Suite(.serialized) struct VideoToolsTests {
    let tools = VideoTools.installed()

    @Test func anH264ClipIsReadWithItsTimeAndPlace() throws {
        let facts = try tools.probe(try TestClips.h264(), container: .mp4)

        #expect(facts.videoCodec == "h264" && facts.audioCodec == "aac")
        #expect(facts.width == 320 && facts.height == 240 && facts.rotation == 0)
        #expect(abs(facts.duration - 2000) <= 50, "\(facts.duration)")
        #expect(facts.takenAt == "2024-06-01T08:05:00" && facts.takenOffset == 0, "QuickTime's creation_time is UTC")
        #expect(facts.latitude == 38.71 && facts.longitude == -9.15)
        #expect(facts.playsAsItIs(in: .mp4))
    }

    @Test func anIPhonesHEVCIsReadTurnedWithItsZoneAndPosition() throws {
        let facts = try tools.probe(try TestClips.hevc(), container: .mov)

        #expect(facts.videoCodec == "hevc" && !facts.playsAsItIs(in: .mov))
        #expect(facts.rotation == 90 || facts.rotation == 270, "\(facts.rotation)")
        #expect(facts.displayWidth == 240 && facts.displayHeight == 320)
        #expect(facts.takenAt == "2024-06-01T10:05:00" && facts.takenOffset == 120)
        #expect(facts.latitude == 45.815 && facts.longitude == 15.9819)
        #expect(facts.cameraMake == "Apple" && facts.cameraModel == "iPhone 15")
    }

    @Test func aWebMWithoutSoundIsRead() throws {
        let facts = try tools.probe(try TestClips.vp9(), container: .webm)

        #expect(facts.videoCodec == "vp9" && facts.audioCodec == nil)
    }

    @Test func aTruncatedFileIsRefusedWithFFmpegsReason() throws {
        #expect {
            try tools.probe(try TestClips.truncated(), container: .mp4)
        } throws: { error in
            // FFmpeg's words without the path it named: the library's folders are nobody's business.
            (error as? VideoError)?.description == "FFmpeg cannot read it: Invalid data found when processing input"
        }
    }

    @Test func anH264ClipIsRemuxedItsStreamUntouchedAndItsTagsDropped() throws {
        let original = try TestClips.h264()
        let facts = try tools.probe(original, container: .mp4)
        let output = TestClips.folder + "/remuxed.mp4"

        let way = try tools.makeRendition(of: original, container: .mp4, facts: facts, to: output)

        #expect(way == .remux)
        #expect(try TestClips.videoStreamHash(output) == (try TestClips.videoStreamHash(original)), "no encoding again")
        let tags = (try TestClips.report(output)["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
        #expect(tags["location"] == nil && tags["creation_time"] == nil, "\(tags)")
    }

    @Test func anHEVCClipIsTranscodedUprightWithoutItsPosition() throws {
        let original = try TestClips.hevc()
        let facts = try tools.probe(original, container: .mov)
        let output = TestClips.folder + "/transcoded.mp4"
        var reported: [Double] = []

        let way = try tools.makeRendition(of: original, container: .mov, facts: facts, to: output, progress: { reported.append($0) })

        #expect(way == .transcode)
        let made = try tools.probe(output, container: .mp4)
        #expect(made.videoCodec == "h264" && made.audioCodec == "aac")
        #expect(
            made.displayWidth == 240 && made.displayHeight == 320, "plays upright: \(made.width)×\(made.height) turned \(made.rotation)")
        #expect(made.latitude == nil && made.takenAt == nil, "no position or time in a copy that may be shared")
        #expect(!reported.isEmpty && reported.allSatisfy { (0...1).contains($0) })
    }

    @Test func thePosterIsAFrameThatIsNotBlack() throws {
        // A name with a `%` (a data folder may have one): one picture at that very name, not a pattern.
        let output = TestClips.folder + "/poster 100%d.tmp"

        try tools.poster(of: try TestClips.fadeIn(), container: .mp4, to: output)

        // A black 320×240 PNG is a few hundred bytes; the test picture's, kilobytes.
        let size = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int ?? 0
        #expect(size > 5000, "\(size) bytes")
    }

    @Test func aHangingFFmpegIsKilledAtItsLimit() throws {
        let hanging = try TestClips.fakeFFmpeg("hanging", "sleep 600")
        let tools = VideoTools(ffmpeg: hanging, ffprobe: hanging, limits: VideoLimits(probeSeconds: 0.3))
        let started = Date()

        #expect {
            try tools.probe(try TestClips.h264(), container: .mp4)
        } throws: { error in
            (error as? VideoError)?.description == "FFmpeg took too long to read it and was stopped"
        }
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func aCrashingFFmpegCostsThatFileOnly() throws {
        let crashing = try TestClips.fakeFFmpeg("crashing", "kill -SEGV $$")
        let tools = VideoTools(ffmpeg: crashing, ffprobe: crashing)

        #expect {
            try tools.probe(try TestClips.h264(), container: .mp4)
        } throws: { error in
            (error as? VideoError)?.description == "FFmpeg failed to read it (it ended on signal 11)"
        }
    }

    @Test func aStopEndsATranscodeAtOnce() throws {
        let original = try TestClips.hevc()
        let facts = try tools.probe(original, container: .mov)
        let started = Date()

        #expect {
            try tools.makeRendition(
                of: original, container: .mov, facts: facts, to: TestClips.folder + "/stopped.mp4", shouldStop: { true })
        } throws: { error in
            (error as? VideoError)?.description == "stopped"
        }
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func withoutFFmpegAVideoIsRefusedSayingWhatToInstall() throws {
        let tools = VideoTools(ffmpeg: nil, ffprobe: nil)

        #expect(throws: VideoError(VideoTools.missing)) { try tools.probe(try TestClips.h264(), container: .mp4) }
    }
}
