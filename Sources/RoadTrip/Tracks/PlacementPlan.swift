/// What a person asks of "Place from tracks": which photos, by which means, and how each camera's
/// clock relates to UTC where the photos do not say.
public struct PlacementRequest: Sendable, Hashable {
    /// The tracks to place by; nil for every track.
    public var trackIDs: [Int64]?
    /// The photos to place; nil for every photo without a position.
    public var photoIDs: [Int64]?
    public var useTracks = true
    /// Whether photos no track places get a position estimated from photos taken near them in time.
    public var estimate = true
    /// Minutes two points of a track may be apart and still be joined.
    public var gapTolerance = 10
    /// Minutes a photo may be from photos with a position and be estimated from them.
    public var neighbourWindow = 30
    /// The clocks the person chose, by camera.
    public var clocks: [CameraKey: CameraClock] = [:]

    public init(trackIDs: [Int64]? = nil, photoIDs: [Int64]? = nil) {
        self.trackIDs = trackIDs
        self.photoIDs = photoIDs
    }

    /// The largest tolerance and window a form may set: a day.
    public static let largestMinutes = 24 * 60
}

/// What placing would do, shown before it is done: the positions found, the photos left out
/// and why, and what is known of each camera's clock.
public struct PlacementPlan: Sendable, Equatable {
    public struct Proposal: Sendable, Equatable {
        public let photoID: Int64
        public let latitude: Double
        public let longitude: Double
        public let source: PositionSource
        /// The track it is on (`source == .track`).
        public let trackID: Int64?
        public let trackName: String?
    }

    public enum Reason: Sendable, Equatable {
        /// The photo has no date.
        case noDate
        /// Its camera's clock is not known: the person must choose it.
        case unknownClock(CameraKey)
        /// Its time is before or after every track.
        case outsideTracks
        /// Its time falls in a gap of this many minutes.
        case inGap(minutes: Int)
        /// No photo of its camera with a position was taken near enough in time.
        case noNeighbours

        public var sentence: String {
            switch self {
            case .noDate: "It has no date."
            case .unknownClock(let camera):
                "The clock of the \(camera.name(atMost: CameraKey.longestShownName)) is not known: choose its zone."
            case .outsideTracks: "It was taken outside the tracks' times."
            case .inGap(let minutes): "It was taken in a gap of \(minutes) minutes in the track."
            case .noNeighbours: "No photo near it in time has a position."
            }
        }
    }

    public struct LeftOut: Sendable, Equatable {
        public let photoID: Int64
        public let reason: Reason
    }

    /// A camera of the photos to place, and its clock.
    public struct Camera: Sendable, Equatable {
        public let key: CameraKey
        public let photoCount: Int
        /// Of them, how many carry their own zone (OffsetTimeOriginal) or GPS time.
        public let knowingTheirTime: Int
        /// The offset measured from its photos that carry both a local and a GPS time, in minutes,
        /// and from how many photos; nil when none do.
        public let measured: Int?
        public let measuredFrom: Int
        /// The clock used: the person's choice, else the measured offset; nil when neither.
        public let clock: CameraClock?
    }

    public var proposals: [Proposal] = []
    public var leftOut: [LeftOut] = []
    public var cameras: [Camera] = []
    /// Photos past `PhotoPlacer.maximumPhotos` were not looked at: run again after placing these.
    public var more = false

    public var fromTracks: Int { proposals.count { $0.source == .track } }
    public var estimated: Int { proposals.count { $0.source == .estimate } }
}
