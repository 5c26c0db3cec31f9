import Foundation
import Testing
import TestSupport
@testable import RoadTrip

/// The streaming readers' memory, measured: `roadtrip tracks import` runs as a child process
/// under /usr/bin/time, whose figure is that child's own peak resident memory (the test run's
/// other work is not in it), and its peak importing a file of one point is taken off. A file of
/// four times the limit must be refused within what `TrackFile.memoryNeeded` says a file of its
/// size may take. (Read whole, as before, such a GeoJSON took ten times that.) The heavy
/// figures, 60 MB files beside GPX, are bench/tracks's.
// /usr/bin/time is a test package (the Makefile's TEST_PACKAGES): missing, the test fails rather than skips.
@Suite(.serialized)
struct TrackReadingMemoryTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The child's peak resident bytes, and what it printed.
    private func importing(_ path: String) throws -> (peak: Int, output: String) {
        let roadtrip = try BuiltProducts.executable("roadtrip")
        let result = try ChildProcess.run(
            "/usr/bin/time", ["-f", "peak-kb %M", roadtrip, "tracks", "import", path, "--data", folder.file("data")],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path], within: 600)
        let line = result.standardErrorLines.last { $0.hasPrefix("peak-kb ") }
        let kilobytes = try #require(line.flatMap { Int($0.dropFirst(8)) }, "\(result.standardError)")
        return (kilobytes << 10, result.standardOutput)
    }

    /// `head`, `unit` `count` times, `tail`, written to `name`.
    private func write(_ name: String, _ head: String, _ unit: String, _ count: Int, _ tail: String) throws -> (path: String, size: Int) {
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(head.utf8.count + unit.utf8.count * count + tail.utf8.count)
        for _ in 0..<count { bytes += unit.utf8 }
        bytes += tail.utf8
        return (try folder.write(bytes, to: name), bytes.count)
    }

    @Test(arguments: [
        ("far.geojson", #"{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0]"#, ",[8,47]", "]}}"),
        ("far.kml", "<kml><Placemark><LineString><coordinates>0,0", " 8,47", "</coordinates></LineString></Placemark></kml>"),
    ])
    func aFileFourTimesPastTheLimitIsRefusedWithinItsStatedMemory(name: String, head: String, unit: String, tail: String) throws {
        // setup: two million points; the baseline, a file of one point
        let file = try write(name, head, unit, 4 * TrackFile.maximumPoints, tail)
        let one = try folder.write(Array(#"<gpx><wpt lat="1" lon="1"/></gpx>"#.utf8), to: "one.gpx")
        let baseline = try importing(one)
        // MUT
        let far = try importing(file.path)
        // validate
        #expect(far.output.contains("refused \(name)") && far.output.contains("holds more than 500,000 points"), "\(far.output)")
        #expect(
            far.peak - baseline.peak <= TrackFile.memoryNeeded(forFileOf: file.size),
            """
            \(name): \((far.peak - baseline.peak) >> 20) MB over the baseline, the bound \
            \(TrackFile.memoryNeeded(forFileOf: file.size) >> 20) MB
            """
        )
    }
}
