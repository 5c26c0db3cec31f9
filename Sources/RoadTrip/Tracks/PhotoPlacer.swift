import Foundation
import Imaging
import SQLDatabase

/// Gives photos without a position one: from tracks at the photos' times, estimated from photos
/// taken near them, or where a person puts them. Every placement is recorded with what the photos
/// had before, so Undo puts them back; the original files are never touched.
public struct PhotoPlacer: Sendable {
    let photos: PhotoStore
    let tracks: TrackStore
    let clock: WallClock
    var database: Database { photos.database }

    /// Photos looked at in one run (the oldest first); a larger library is placed in several runs.
    public static let maximumPhotos = 10_000

    public init(photos: PhotoStore, tracks: TrackStore, clock: WallClock) {
        self.photos = photos
        self.tracks = tracks
        self.clock = clock
    }

    /// A photo to place, as the plan needs it.
    struct Candidate {
        let id: Int64
        let takenAt: String?
        let offset: Int?
        let gpsTime: Int64?
        let camera: CameraKey
        /// The camera's clock reading, seconds (its local time read as if UTC).
        var clockSeconds: Int64? { takenAt.flatMap(ExifTime.clockSeconds) }
    }

    /// The cameras of the photos a request would look at, and what is known of their clocks: what a
    /// form lists before the plan is made with the clocks chosen.
    public func cameras(_ request: PlacementRequest) throws -> [PlacementPlan.Camera] {
        try prepare(request).plan.cameras
    }

    /// What placing would do, without doing it.
    public func plan(_ request: PlacementRequest) throws -> PlacementPlan {
        let (prepared, candidates, instants) = try prepare(request)
        var plan = prepared
        var reasons: [Int64: PlacementPlan.Reason] = [:]
        if request.useTracks, let earliest = instants.values.min(), let latest = instants.values.max() {
            let matcher = TrackMatcher(
                tracks: try timedTracks(request.trackIDs, during: earliest * 1000...latest * 1000),
                tolerance: Int64(request.gapTolerance) * 60_000)
            for candidate in candidates {
                guard let instant = instants[candidate.id] else { continue }
                switch matcher.match(instant * 1000) {
                case let .placed(latitude, longitude, track, name):
                    plan.proposals.append(
                        .init(
                            photoID: candidate.id, latitude: latitude, longitude: longitude, source: .track, trackID: track, trackName: name
                        ))
                case .gap(let span):
                    reasons[candidate.id] = .inGap(minutes: Int(span / 60_000))
                case .outside:
                    reasons[candidate.id] = .outsideTracks
                }
            }
        }
        let placed = Set(plan.proposals.map(\.photoID))
        let unplaced = candidates.filter { !placed.contains($0.id) }
        let estimates = request.estimate ? try estimated(unplaced, window: Int64(request.neighbourWindow) * 60) : [:]
        for candidate in unplaced {
            if let (latitude, longitude) = estimates[candidate.id] {
                plan.proposals.append(
                    .init(photoID: candidate.id, latitude: latitude, longitude: longitude, source: .estimate, trackID: nil, trackName: nil))
                continue
            }
            let reason: PlacementPlan.Reason =
                if candidate.takenAt == nil && candidate.gpsTime == nil { .noDate } else if let reason = reasons[candidate.id] {
                    reason
                } else if instants[candidate.id] == nil { .unknownClock(candidate.camera) } else {
                    request.useTracks ? .outsideTracks : .noNeighbours
                }
            plan.leftOut.append(.init(photoID: candidate.id, reason: reason))
        }
        return plan
    }

    /// The photos a request looks at (those of its tracks' days, with tracks), their instants
    /// where known, and their cameras, in a plan without proposals yet.
    private func prepare(_ request: PlacementRequest) throws -> (plan: PlacementPlan, candidates: [Candidate], instants: [Int64: Int64]) {
        var plan = PlacementPlan()
        var candidates = try self.candidates(request.photoIDs)
        if candidates.count > Self.maximumPhotos {
            candidates.removeLast(candidates.count - Self.maximumPhotos)
            plan.more = true
        }
        let cameras = try cameraClocks(for: candidates, chosen: request.clocks)
        plan.cameras = cameras.values.sorted { $0.key < $1.key }
        var instants: [Int64: Int64] = [:]
        for candidate in candidates {
            if let instant = Self.instant(of: candidate, clock: cameras[candidate.camera]?.clock) { instants[candidate.id] = instant }
        }
        // From chosen tracks, only the photos of their days are looked at (a day either side, and
        // the camera's clock where its zone is unknown): the rest of the library is not "left out".
        if let ids = request.trackIDs {
            let ranges = try ids.compactMap { try tracks.track(id: $0) }.compactMap { track in
                track.startedAt.flatMap { start in track.endedAt.map { (start / 1000 - 86_400)...($0 / 1000 + 86_400) } }
            }
            candidates = candidates.filter { candidate in
                guard let time = instants[candidate.id] ?? candidate.clockSeconds else { return false }
                return ranges.contains { $0.contains(time) }
            }
            let kept = Set(candidates.map(\.id))
            instants = instants.filter { kept.contains($0.key) }
            plan.cameras = plan.cameras.compactMap { camera in
                let count = candidates.count { $0.camera == camera.key }
                guard count > 0 else { return nil }
                return PlacementPlan.Camera(
                    key: camera.key, photoCount: count,
                    knowingTheirTime: candidates.count { $0.camera == camera.key && ($0.offset != nil || $0.gpsTime != nil) },
                    measured: camera.measured, measuredFrom: camera.measuredFrom, clock: camera.clock)
            }
        }
        return (plan, candidates, instants)
    }

    /// Seconds since 1970 UTC of the photo: its GPS time, else its local time with its own zone,
    /// else with its camera's clock.
    static func instant(of candidate: Candidate, clock: CameraClock?) -> Int64? {
        if let gpsTime = candidate.gpsTime { return gpsTime }
        guard let takenAt = candidate.takenAt, let seconds = ExifTime.clockSeconds(takenAt) else { return nil }
        if let offset = candidate.offset { return seconds - Int64(offset) * 60 }
        return clock?.instant(of: takenAt)
    }

    private func candidates(_ ids: [Int64]?) throws -> [Candidate] {
        var sql: SQL = "SELECT id, taken_at, taken_offset, gps_at, camera_make, camera_model FROM photos WHERE latitude IS NULL"
        if let ids {
            guard !ids.isEmpty else { return [] }
            // Numbers, written by Swift: nothing from outside reaches the text.
            sql = sql + " AND id IN (\(raw: ids.prefix(Self.maximumPhotos + 1).map(String.init).joined(separator: ", ")))"
        }
        sql = sql + " ORDER BY sorted_at, id LIMIT \(Self.maximumPhotos + 1)"
        return try database.fetchAll(sql) { row in
            Candidate(
                id: try row["id"], takenAt: try row["taken_at"], offset: ExifTime.plausibleOffset(try row["taken_offset"]),
                gpsTime: ExifTime.plausibleInstant(try row["gps_at"]),
                camera: CameraKey(make: try row["camera_make"], model: try row["camera_model"]))
        }
    }

    /// Each camera's clock: the person's choice, else the offset its photos with a GPS time show
    /// (the median, to a quarter of an hour: cameras are set by hand, and zones are whole quarters).
    private func cameraClocks(for candidates: [Candidate], chosen: [CameraKey: CameraClock]) throws -> [CameraKey: PlacementPlan.Camera] {
        var result: [CameraKey: PlacementPlan.Camera] = [:]
        for (key, group) in Dictionary(grouping: candidates, by: \.camera) {
            let samples: [Int64] = try database.fetchAll(
                """
                SELECT taken_at, gps_at FROM photos
                WHERE gps_at IS NOT NULL AND taken_at IS NOT NULL AND taken_offset IS NULL
                    AND coalesce(camera_make, '') = \(key.make ?? "") AND coalesce(camera_model, '') = \(key.model ?? "")
                ORDER BY id DESC LIMIT 500
                """
            ) { row in
                guard let clock = ExifTime.clockSeconds(try row["taken_at"]) else { return Int64.max }
                guard let gps = ExifTime.plausibleInstant(try row["gps_at"]) else { return Int64.max }
                return clock - gps
            }.filter { $0 != .max && abs($0) <= Int64(CameraClock.largestOffset) * 60 }.sorted()
            let measured = samples.isEmpty ? nil : Int((Double(samples[samples.count / 2]) / 900).rounded()) * 15
            result[key] = PlacementPlan.Camera(
                key: key, photoCount: group.count, knowingTheirTime: group.count { $0.offset != nil || $0.gpsTime != nil },
                measured: measured, measuredFrom: samples.count, clock: chosen[key] ?? measured.map { .offset(minutes: $0) })
        }
        return result
    }

    private func timedTracks(_ ids: [Int64]?, during range: ClosedRange<Int64>) throws -> [TrackMatcher.TimedTrack] {
        let wanted = ids.map(Set.init)
        return try tracks.tracks(during: range).filter { wanted?.contains($0.id) ?? true }.map { track in
            TrackMatcher.TimedTrack(id: track.id, name: track.name, segments: try tracks.points(of: track.id))
        }
    }
}
