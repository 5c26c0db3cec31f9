import Imaging
import SQLDatabase

extension PhotoPlacer {
    /// Positions estimated from photos of the same camera that have one, taken within `window`
    /// seconds: between the nearest before and after, by time; from the one there is, when only
    /// one side is near. Only one camera's photos are compared: its clock is the same clock,
    /// whatever zone it was set to, where two cameras' clocks may be hours apart.
    func estimated(_ candidates: [Candidate], window: Int64) throws -> [Int64: (Double, Double)] {
        var result: [Int64: (Double, Double)] = [:]
        for (camera, group) in Dictionary(grouping: candidates, by: \.camera) {
            let clocks = group.compactMap(\.clockSeconds)
            guard let earliest = clocks.min(), let latest = clocks.max() else { continue }
            let anchors = try self.anchors(of: camera, from: earliest - window, to: latest + window)
            guard !anchors.isEmpty else { continue }
            // A last time past any clock, so that the search always lands within the list.
            let times = anchors.map(\.clock) + [Int64.max]
            for candidate in group {
                guard let clock = candidate.clockSeconds else { continue }
                let index = TrackMatcher.firstIndex(in: times, notBefore: clock)
                let after = index < anchors.count && anchors[index].clock - clock <= window ? anchors[index] : nil
                let before = index > 0 && clock - anchors[index - 1].clock <= window ? anchors[index - 1] : nil
                switch (before, after) {
                case let (before?, after?) where after.clock > before.clock:
                    let share = Double(clock - before.clock) / Double(after.clock - before.clock)
                    result[candidate.id] = TrackMatcher.between(before.point, after.point, share: share)
                case let (only?, _), let (nil, only?):
                    result[candidate.id] = (only.point.latitude, only.point.longitude)
                default:
                    break
                }
            }
        }
        return result
    }

    /// The camera's photos with a position taken between two clock readings, in time order.
    private func anchors(of camera: CameraKey, from start: Int64, to end: Int64) throws -> [(clock: Int64, point: TrackPoint)] {
        let (first, last) = (String(TrackTime.text(start * 1000).dropLast()), String(TrackTime.text(end * 1000).dropLast()))
        return try database.fetchAll(
            """
            SELECT taken_at, latitude, longitude FROM photos
            WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND taken_at >= \(first) AND taken_at <= \(last)
                AND coalesce(camera_make, '') = \(camera.make ?? "") AND coalesce(camera_model, '') = \(camera.model ?? "")
            ORDER BY taken_at
            """
        ) { row -> (clock: Int64, point: TrackPoint)? in
            guard let clock = ExifTime.clockSeconds(try row["taken_at"]) else { return nil }
            return (clock, TrackPoint(latitude: try row["latitude"], longitude: try row["longitude"]))
        }.compactMap { $0 }
    }
}
