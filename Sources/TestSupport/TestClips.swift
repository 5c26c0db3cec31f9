import Foundation
import SystemCalls
import Synchronization

/// Tiny clips made by FFmpeg's own sources (`lavfi`) for the tests: at most 2 s at 320×240,
/// each made once per test process (FFmpeg is Debian's `ffmpeg`, which `make test` installs).
public enum TestClips {
    public static let folder: String = {
        let path = NSTemporaryDirectory() + "roadtrip-clips-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    public static var ffmpeg: String { LimitedProcess.find("ffmpeg") ?? "/usr/bin/ffmpeg" }

    private static let made = Mutex<[String: String]>([:])

    /// Runs FFmpeg to make `name` in the folder, once: tests running at once that want the same
    /// clip wait for the first to make it (one clip is made at a time).
    public static func make(_ name: String, _ arguments: [String]) throws -> String {
        let path = folder + "/" + name
        return try made.withLock { (made) throws -> String in
            if made[name] != nil { return path }
            let outcome = try LimitedProcess.run(
                ffmpeg, ["-nostdin", "-hide_banner", "-v", "error"] + arguments + ["-y", path],
                limits: ProcessLimits(memory: 4 << 30, processorSeconds: 120, seconds: 120))
            guard outcome.succeeded else { throw ClipError(description: "ffmpeg could not make \(name): \(outcome.errorTail)") }
            made[name] = path
            return path
        }
    }

    public static let picture = ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2"]
    public static let sound = ["-f", "lavfi", "-i", "sine=frequency=440:duration=2"]

    /// H.264/AAC in MP4, recorded 1 June 2024 08:05 UTC in Lisbon (MP4's `location`).
    public static func h264() throws -> String {
        try make(
            "h264.mp4",
            picture + sound + [
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
                "-metadata", "creation_time=2024-06-01T08:05:00Z", "-metadata", "location=+38.7100-009.1500/",
            ])
    }

    /// HEVC in QuickTime as an iPhone writes it: turned a quarter, Apple's position and local time in Zagreb.
    public static func hevc() throws -> String {
        let plain = try make(
            "hevc-plain.mov",
            picture + sound + [
                "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error",
                "-tag:v", "hvc1", "-c:a", "aac",
            ])
        return try make(
            "hevc.mov",
            [
                "-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90", "-movflags", "use_metadata_tags",
                "-metadata", "com.apple.quicktime.location.ISO6709=+45.8150+015.9819+120.000/",
                "-metadata", "com.apple.quicktime.creationdate=2024-06-01T10:05:00+0200",
                "-metadata", "com.apple.quicktime.make=Apple", "-metadata", "com.apple.quicktime.model=iPhone 15",
            ])
    }

    /// A Live Photo's motion as an iPhone writes it: a second of QuickTime with Apple's local
    /// time and, unless nil, the content identifier that names its still (QuickTime keys).
    public static func liveMovie(_ name: String, identifier: String?, creationDate: String = "2024-06-01T10:05:00+0200") throws -> String {
        let plain = try make(
            "live-plain.mov",
            [
                "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=1", "-c:v", "libx264",
                "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            ])
        return try make(
            name,
            [
                "-i", plain, "-c", "copy", "-movflags", "use_metadata_tags",
                "-metadata", "com.apple.quicktime.creationdate=\(creationDate)",
            ]
                + (identifier.map { ["-metadata", "com.apple.quicktime.content.identifier=\($0)"] } ?? []))
    }

    /// A Live Photo's still's MakerNote as an iPhone writes it: "Apple iOS", a version, the byte
    /// order, one IFD entry (`tag`, ASCII, counted, at an offset from the note's start) and the
    /// string after it.
    public static func appleMakerNote(_ identifier: String, bigEndian: Bool = true, tag: UInt16 = 0x0011) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] {
            let bytes = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return bigEndian ? bytes : bytes.reversed()
        }
        let value = Array(identifier.utf8) + [0]
        return Array("Apple iOS\0".utf8) + [0, 1] + Array((bigEndian ? "MM" : "II").utf8) + u16(1)
            + u16(tag) + u16(2) + u32(UInt32(value.count)) + u32(32) + u32(0) + value
    }

    /// How a phone lays a Motion Photo's video after its JPEG.
    public enum MotionPhotoStyle: Sendable { case google, samsung }

    /// A Motion Photo made of the JPEG at `still` and the video at `video`, written to `output`:
    /// Google's (an XMP `Container:Directory` naming the video's length, the video appended) or
    /// Samsung's (the video after a "MotionPhoto_Data" marker, the trailer's index after it).
    public static func motionPhoto(still: String, video: String, style: MotionPhotoStyle, to output: String) throws -> String {
        var jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: still)))
        let movie = [UInt8](try Data(contentsOf: URL(fileURLWithPath: video)))
        switch style {
        case .google:
            let xmp = """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
                <rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
                xmlns:Container="http://ns.google.com/photos/1.0/container/" \
                xmlns:Item="http://ns.google.com/photos/1.0/container/item/" GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1">\
                <Container:Directory><rdf:Seq>\
                <rdf:li rdf:parseType="Resource">\
                <Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>\
                <rdf:li rdf:parseType="Resource">\
                <Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(movie.count)"/></rdf:li>\
                </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
                """
            let payload = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xmp.utf8)
            let segment = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
            jpeg.insert(contentsOf: segment, at: 2)
            jpeg += movie
        case .samsung:
            jpeg += Array("MotionPhoto_Data".utf8) + movie + Array("SEFH".utf8) + [UInt8](repeating: 0, count: 24) + Array("SEFT".utf8)
        }
        try Data(jpeg).write(to: URL(fileURLWithPath: output))
        return output
    }

    /// VP9 in WebM, without sound.
    public static func vp9() throws -> String {
        try make(
            "vp9.webm",
            [
                "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=1", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used",
                "8",
            ])
    }

    /// Half a second of black, then the test picture: the poster must not be black.
    public static func fadeIn() throws -> String {
        try make(
            "fade-in.mp4",
            [
                "-f", "lavfi", "-i", "color=black:size=320x240:rate=25:duration=0.5", "-f", "lavfi", "-i",
                "testsrc=size=320x240:rate=25:duration=1",
                "-filter_complex", "[0:v][1:v]concat=n=2:v=1[v]", "-map", "[v]", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
                "yuv420p",
            ])
    }

    /// The first bytes of the H.264 clip alone: its index (at the end) is missing.
    public static func truncated() throws -> String {
        let path = folder + "/truncated.mp4"
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try h264())))
        try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A program standing in for FFmpeg that does `script` (a hang, a crash).
    public static func fakeFFmpeg(_ name: String, _ script: String) throws -> String {
        let path = folder + "/" + name
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    /// `ffprobe`'s JSON of a file, for checking what was made.
    public static func report(_ path: String) throws -> [String: Any] {
        let outcome = try LimitedProcess.run(
            LimitedProcess.find("ffprobe") ?? "/usr/bin/ffprobe",
            ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path],
            limits: ProcessLimits(memory: 4 << 30, processorSeconds: 60, seconds: 60))
        return (try JSONSerialization.jsonObject(with: Data(outcome.output)) as? [String: Any]) ?? [:]
    }

    /// An MD5 of a file's first video stream's packets, as stored: equal for a remuxed copy.
    public static func videoStreamHash(_ path: String) throws -> String {
        let outcome = try LimitedProcess.run(
            ffmpeg, ["-nostdin", "-v", "error", "-i", path, "-map", "0:v:0", "-c", "copy", "-f", "md5", "-"],
            limits: ProcessLimits(memory: 4 << 30, processorSeconds: 60, seconds: 60))
        return String(decoding: outcome.output, as: UTF8.self)
    }
}

public struct ClipError: Error, CustomStringConvertible {
    public let description: String
}
