import Video

/// How a library treats videos: FFmpeg and its limits, and the largest file taken.
public struct VideoOptions: Sendable {
    public var tools: VideoTools
    /// `--max-video-size`: a larger file is refused at import.
    public var maximumSize: UInt64
    /// `--video-jobs`: renditions made at once by one instance.
    public var jobs: Int

    public static let defaultMaximumSize: UInt64 = 4 << 30

    public init(tools: VideoTools = .installed(), maximumSize: UInt64 = defaultMaximumSize, jobs: Int = 1) {
        self.tools = tools
        self.maximumSize = maximumSize
        self.jobs = max(1, jobs)
    }

    /// "4 GiB", "500 MiB": a size limit as a person reads it.
    public static func sizeText(_ bytes: UInt64) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20 { return "\((bytes + (1 << 19)) >> 20) MiB" }
        return "\(bytes) bytes"
    }
}
