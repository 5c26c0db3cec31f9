import Foundation
import SystemCalls

/// Debian's FFmpeg, run as child processes (`ffprobe` to read a video, `ffmpeg` for its poster
/// and its rendition), never linked: FFmpeg is a large parser of hostile bytes, so each run has
/// a time limit, a memory limit, a thread cap and lower priority, may open only files (no
/// network protocols), and is given the demuxer to use; what it writes is checked before use.
/// A crash or a hang costs that one file, never the server.
public struct VideoTools: Sendable {
    /// Absolute paths of the programs; nil when FFmpeg is not installed.
    public let ffmpeg: String?
    public let ffprobe: String?
    public var limits: VideoLimits

    public init(ffmpeg: String?, ffprobe: String?, limits: VideoLimits = VideoLimits()) {
        self.ffmpeg = ffmpeg
        self.ffprobe = ffprobe
        self.limits = limits
    }

    /// FFmpeg as installed on this machine's `PATH`.
    public static func installed(limits: VideoLimits = VideoLimits()) -> VideoTools {
        VideoTools(ffmpeg: LimitedProcess.find("ffmpeg"), ffprobe: LimitedProcess.find("ffprobe"), limits: limits)
    }

    /// What a refusal says when FFmpeg is missing.
    public static let missing = "videos need FFmpeg (Debian's ffmpeg package), which is not installed here"

    /// The programs' environment: nothing of the server's (no proxy settings, no secrets).
    static let environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]

    /// The options every run starts with: quiet, only local files (and for `ffmpeg`, no input
    /// from a terminal; its standard input is /dev/null anyway).
    private func common(threads: Int, probing: Bool = false) -> [String] {
        (probing ? [] : ["-nostdin"]) + ["-hide_banner", "-v", "error", "-threads", "\(threads)", "-protocol_whitelist", "file"]
    }

    private static func demuxer(_ container: VideoContainer) -> String {
        container.isISOMedia ? "mov" : "matroska"
    }

    /// What FFmpeg reads of the file: refused with its reason when it is not a video it can play.
    public func probe(_ path: String, container: VideoContainer) throws(VideoError) -> VideoFacts {
        guard let ffprobe else { throw VideoError(Self.missing) }
        let outcome = try run(
            ffprobe,
            common(threads: 1, probing: true) + [
                "-f", Self.demuxer(container), "-print_format", "json", "-show_format", "-show_streams", "file:" + path,
            ], limits: limits.probe)
        guard outcome.succeeded else { throw VideoError(Self.reason(outcome, doing: "read")) }
        var facts = try VideoFacts(probeReport: outcome.output)
        // A Live Photo's identifier is read by RoadTrip's own parser of the movie's boxes.
        facts.contentIdentifier = container.isISOMedia ? MotionParts.contentIdentifier(movieAt: path) : nil
        return facts
    }

    /// A still of the first second that is not black (a fade-in, a pocket), upright, as a PNG
    /// at `output`; the very first frame when every frame of that second is dark.
    public func poster(of path: String, container: VideoContainer, to output: String) throws(VideoError) {
        guard let ffmpeg else { throw VideoError(Self.missing) }
        let input = common(threads: 1) + ["-f", Self.demuxer(container), "-t", "1", "-i", "file:" + path, "-map", "0:v:0"]
        // `-update 1`: one picture at exactly that name (image2 would read a `%` in it as a pattern).
        let still = ["-frames:v", "1", "-pix_fmt", "rgb24", "-f", "image2", "-update", "1", "-c:v", "png", "-y", "file:" + output]
        let bright = "signalstats,metadata=mode=select:key=lavfi.signalstats.YAVG:value=24:function=greater"
        let first = try run(ffmpeg, input + ["-vf", bright] + still, limits: limits.poster)
        if first.succeeded, (DurableFileSize.of(output) ?? 0) > 0 { return }
        let plain = try run(ffmpeg, input + still, limits: limits.poster)
        guard plain.succeeded, (DurableFileSize.of(output) ?? 0) > 0 else {
            throw VideoError(Self.reason(plain, doing: "take a still from"))
        }
    }

    /// How a rendition was made.
    public enum Way: String, Sendable {
        /// The streams copied into an MP4 with its index first: no encoding, seconds.
        case remux
        /// Encoded again as H.264 High and AAC, at most 1080p.
        case transcode
    }

    /// Writes an MP4 every browser plays to `output`: remuxed when its streams already play,
    /// transcoded otherwise; every metadata tag dropped (a share link must not carry the
    /// position inside the file). `progress` is told the fraction done now and then;
    /// `shouldStop` ends FFmpeg at once (the server stopping).
    public func makeRendition(
        of path: String, container: VideoContainer, facts: VideoFacts, to output: String,
        shouldStop: () -> Bool = { false }, progress: (Double) -> Void = { _ in }
    ) throws(VideoError) -> Way {
        guard let ffmpeg else { throw VideoError(Self.missing) }
        let way: Way = facts.playsAsItIs(in: container) ? .remux : .transcode
        let threads = limits.threads
        var arguments =
            common(threads: threads) + [
                "-progress", "pipe:1", "-nostats", "-filter_threads", "1",
                "-f", Self.demuxer(container), "-i", "file:" + path,
                "-map", "0:v:0", "-map", "0:a:0?", "-map_metadata", "-1", "-map_chapters", "-1", "-dn", "-sn",
            ]
        switch way {
        case .remux:
            arguments += ["-c", "copy"]
        case .transcode:
            // The short side at most 1080 and the long at most 1920, never enlarged, even sides (4:2:0).
            let box = "if(gte(iw,ih),min(1920,iw),min(1080,iw))':'if(gte(iw,ih),min(1080,ih),min(1920,ih))"
            arguments += [
                "-vf", "scale='\(box)':force_original_aspect_ratio=decrease:force_divisible_by=2,format=yuv420p",
                "-c:v", "libx264", "-profile:v", "high", "-preset", "veryfast", "-crf", "23", "-threads", "\(threads)",
                "-c:a", "aac", "-b:a", "128k", "-ac", "2",
            ]
        }
        arguments += ["-movflags", "+faststart", "-f", "mp4", "-y", "file:" + output]
        var pending: [UInt8] = []
        let total = Double(facts.duration) * 1000
        let outcome = try run(ffmpeg, arguments, limits: limits.rendition(forDuration: facts.duration), shouldStop: shouldStop) { piece in
            pending += piece
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line.hasPrefix("out_time_us="), let microseconds = Double(line.dropFirst("out_time_us=".count)), total > 0 {
                    progress(min(1, max(0, microseconds / total)))
                }
            }
        }
        switch outcome.ending {
        case .stopped: throw VideoError("stopped")
        case .exited(0): break
        default: throw VideoError(Self.reason(outcome, doing: way == .remux ? "copy" : "convert"))
        }
        try check(rendition: output, of: facts)
        return way
    }

    /// A rendition is used only when FFmpeg reads back what was meant: H.264 in MP4, about as
    /// long as the original.
    private func check(rendition path: String, of original: VideoFacts) throws(VideoError) {
        let made: VideoFacts
        do { made = try probe(path, container: .mp4) } catch { throw VideoError("its playable copy came out unreadable (\(error))") }
        guard made.videoCodec == "h264", abs(made.duration - original.duration) <= max(1500, original.duration / 20) else {
            throw VideoError("its playable copy came out wrong (\(made.videoCodec), \(made.duration) ms of \(original.duration))")
        }
    }

    private func run(
        _ program: String, _ arguments: [String], limits: ProcessLimits, shouldStop: () -> Bool = { false },
        onOutput: ([UInt8]) -> Void = { _ in }
    ) throws(VideoError) -> ProcessOutcome {
        do {
            return try LimitedProcess.run(
                program, arguments, environment: Self.environment, limits: limits,
                shouldStop: shouldStop, onOutput: onOutput)
        } catch {
            throw VideoError("FFmpeg could not be started: \(error.message)")
        }
    }

    /// RoadTrip's words for how a run ended, with FFmpeg's last line where it said one.
    static func reason(_ outcome: ProcessOutcome, doing what: String) -> String {
        let said = outcome.errorTail.split(separator: "\n").last.map(sayable)
        switch outcome.ending {
        case .timedOut: return "FFmpeg took too long to \(what) it and was stopped"
        case .signalled(let signal):
            return "FFmpeg failed to \(what) it (it ended on signal \(signal)\(signal == SIGXCPU ? ", its processor time used up" : ""))"
        case .tooMuchOutput: return "FFmpeg said too much about it"
        case .stopped: return "stopped"
        case .exited: return "FFmpeg cannot \(what) it" + (said.map { ": \($0)" } ?? "")
        }
    }
}

extension VideoTools {
    /// FFmpeg's line as a person may read it: without the paths it names (the library's folders
    /// are nobody's business: "file:/srv/…/ab12….mp4: Invalid data found" → "Invalid data found"),
    /// printable, at most 200 characters.
    static func sayable(_ line: Substring) -> String {
        var line = line
        // "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55d5c0a0] moov atom not found": the part's name and address go.
        if line.hasPrefix("["), let end = line.firstIndex(of: "]"), line[..<end].contains(" @ 0x") {
            line = line[line.index(after: end)...].drop { $0 == " " }
        }
        let parts = line.split(separator: ": ", omittingEmptySubsequences: true).filter { !($0.hasPrefix("file:") || $0.hasPrefix("/")) }
        let text = parts.joined(separator: ": ").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }
        return String(String(String.UnicodeScalarView(text)).prefix(200))
    }
}

/// The bounds of each FFmpeg run.
public struct VideoLimits: Sendable, Equatable {
    /// Threads of one rendition (`--video-threads`): FFmpeg's decoding and x264's encoding.
    public var threads: Int
    /// Address space of any run, bytes.
    public var memory: UInt64
    /// Seconds a rendition may take: `renditionBase` plus `renditionFactor` times the video's length.
    public var renditionBase: Double
    public var renditionFactor: Double
    /// Seconds reading a file or taking its still may take.
    public var probeSeconds: Double

    public init(
        threads: Int = 2, memory: UInt64 = 3 << 30, renditionBase: Double = 120, renditionFactor: Double = 20, probeSeconds: Double = 30
    ) {
        self.threads = max(1, min(16, threads))
        self.memory = memory
        self.renditionBase = renditionBase
        self.renditionFactor = renditionFactor
        self.probeSeconds = probeSeconds
    }

    var probe: ProcessLimits {
        ProcessLimits(
            memory: memory, processorSeconds: UInt(max(1, probeSeconds * 2)), seconds: probeSeconds, niceness: 10, outputBytes: 4 << 20)
    }

    var poster: ProcessLimits {
        ProcessLimits(
            memory: memory, processorSeconds: UInt(max(1, probeSeconds * 2)), seconds: probeSeconds, niceness: 10, outputBytes: 1 << 16)
    }

    func rendition(forDuration milliseconds: Int64) -> ProcessLimits {
        let seconds = renditionBase + renditionFactor * Double(milliseconds) / 1000
        return ProcessLimits(
            memory: memory, processorSeconds: UInt(seconds * Double(threads)), seconds: seconds, niceness: 10, outputBytes: 16 << 20)
    }
}

/// The size of a file, nil when there is none.
enum DurableFileSize {
    static func of(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_size) : nil
    }
}
