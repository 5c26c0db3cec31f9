/// How a track's points are kept in its row: for each segment its point count, then each point
/// as latitude and longitude in 1e-7 degrees (about a centimetre; Int32, as OpenStreetMap keeps
/// them) and its time in milliseconds (Int64, `Int64.min` for none), all little-endian: 16 bytes
/// a point, read back without a parser.
enum TrackPointCodec {
    private static let scale = 10_000_000.0
    private static let noTime = Int64.min

    static func encode(_ segments: [[TrackPoint]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 + segments.reduce(0) { $0 + 4 + 16 * $1.count })
        append(UInt32(clamping: segments.count), to: &bytes)
        for segment in segments {
            append(UInt32(clamping: segment.count), to: &bytes)
            for point in segment {
                append(Int32((point.latitude * scale).rounded()), to: &bytes)
                append(Int32((point.longitude * scale).rounded()), to: &bytes)
                append(point.time ?? noTime, to: &bytes)
            }
        }
        return bytes
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The segments, or nil for bytes that are not what `encode` writes (a damaged row): the
    /// wrong length, a position off the globe, a time outside years 1 to 9999.
    static func decode(_ bytes: [UInt8]) -> [[TrackPoint]]? {
        bytes.withUnsafeBytes { raw -> [[TrackPoint]]? in
            var offset = 0
            func read<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
                guard offset + MemoryLayout<Integer>.size <= raw.count else { return nil }
                defer { offset += MemoryLayout<Integer>.size }
                return Integer(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Integer.self))
            }
            guard let segmentCount = read(UInt32.self), Int(segmentCount) <= raw.count / 4 else { return nil }
            var segments: [[TrackPoint]] = []
            segments.reserveCapacity(Int(segmentCount))
            for _ in 0..<segmentCount {
                guard let count = read(UInt32.self), Int(count) <= (raw.count - offset) / 16 else { return nil }
                var segment: [TrackPoint] = []
                segment.reserveCapacity(Int(count))
                for _ in 0..<count {
                    guard let latitude = read(Int32.self), let longitude = read(Int32.self), let time = read(Int64.self),
                        abs(Int64(latitude)) <= 900_000_000, abs(Int64(longitude)) <= 1_800_000_000,
                        time == noTime || TrackTime.plausible.contains(time)
                    else { return nil }
                    segment.append(
                        TrackPoint(
                            latitude: Double(latitude) / scale, longitude: Double(longitude) / scale, time: time == noTime ? nil : time))
                }
                segments.append(segment)
            }
            return offset == raw.count ? segments : nil
        }
    }
}

/// A track simplified for drawing: Douglas–Peucker on each segment (degrees as a plane, which
/// at the tolerances used, metres to pixels, draws the same), without recursion.
enum TrackOutline {
    /// At most this many points are kept for the map, however long the track.
    static let maximumPoints = 4000

    static func outline(of segments: [[TrackPoint]]) -> [[TrackPoint]] {
        var tolerance = 0.00002
        while true {
            let simplified = segments.map { simplify($0, tolerance: tolerance) }
            if simplified.reduce(0, { $0 + $1.count }) <= maximumPoints || tolerance > 10 { return simplified }
            tolerance *= 2
        }
    }

    /// The points of `points` that keep every other within `tolerance` degrees of the line drawn.
    static func simplify(_ points: [TrackPoint], tolerance: Double) -> [TrackPoint] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var ranges = [(0, points.count - 1)]
        let squaredTolerance = tolerance * tolerance
        while let (first, last) = ranges.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first
            var largest = 0.0
            for index in (first + 1)..<last {
                let distance = squaredDistance(points[index], fromLine: points[first], points[last])
                if distance > largest { (largest, farthest) = (distance, index) }
            }
            if largest > squaredTolerance {
                keep[farthest] = true
                ranges.append((first, farthest))
                ranges.append((farthest, last))
            }
        }
        return zip(points, keep).compactMap { $1 ? $0 : nil }
    }

    private static func squaredDistance(_ point: TrackPoint, fromLine start: TrackPoint, _ end: TrackPoint) -> Double {
        let (dx, dy) = (end.longitude - start.longitude, end.latitude - start.latitude)
        let (px, py) = (point.longitude - start.longitude, point.latitude - start.latitude)
        let length = dx * dx + dy * dy
        guard length > 0 else { return px * px + py * py }
        let along = max(0, min(1, (px * dx + py * dy) / length))
        let (ex, ey) = (px - along * dx, py - along * dy)
        return ex * ex + ey * ey
    }
}

extension TrackFile {
    /// Whether segments read back from their stored bytes as they were, to within the stored
    /// precision (the fuzz target's check of `TrackPointCodec`).
    public static func roundTrips(_ segments: [[TrackPoint]]) -> Bool {
        guard let back = TrackPointCodec.decode(TrackPointCodec.encode(segments)), back.count == segments.count else { return false }
        return zip(back, segments).allSatisfy { decoded, original in
            decoded.count == original.count
                && zip(decoded, original).allSatisfy {
                    abs($0.latitude - $1.latitude) <= 1e-7 && abs($0.longitude - $1.longitude) <= 1e-7 && $0.time == $1.time
                }
        }
    }
}
