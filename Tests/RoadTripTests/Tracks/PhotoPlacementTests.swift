import Foundation
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

/// Placing photos from tracks: interpolation at the edges, cameras' clocks, estimates from
/// neighbours. The plan is what a person previews; nothing is written until it is applied.
@Suite(.onEachEngine) struct PhotoPlacementTests {
    let fixture: PhotosFixture

    init() throws {
        fixture = try PhotosFixture(engine: .current)
    }

    private func plan(_ request: PlacementRequest = PlacementRequest()) throws -> PlacementPlan {
        try fixture.library.placer.plan(request)
    }

    private func proposal(_ plan: PlacementPlan, _ id: Int64) -> PlacementPlan.Proposal? {
        plan.proposals.first { $0.photoID == id }
    }

    private func reason(_ plan: PlacementPlan, _ id: Int64) -> PlacementPlan.Reason? {
        plan.leftOut.first { $0.photoID == id }?.reason
    }

    @Test func photosAreInterpolatedOnThePhoneAppsTrackAndGapsAndEdgesLeftOut() throws {
        // setup: the camera wrote its zone (+02:00), so 10:15 local is 08:15 UTC.
        _ = try fixture.library.tracks.importFile(try TrackFileTests.fixture("phone-app.gpx"), fileName: "phone-app.gpx", by: nil)
        let onAPoint = try fixture.row("on a point", takenAt: "2024-10-19T10:15:00", offset: 120)
        let between = try fixture.row("between", takenAt: "2024-10-19T10:15:30", offset: 120)
        let lastPoint = try fixture.row("last point", takenAt: "2024-10-19T11:30:00", offset: 120)
        let inTheGap = try fixture.row("in the gap", takenAt: "2024-10-19T10:45:00", offset: 120)
        let before = try fixture.row("before", takenAt: "2024-10-19T09:59:59", offset: 120)
        let after = try fixture.row("after", takenAt: "2024-10-19T11:30:01", offset: 120)
        let undated = try fixture.row("undated", takenAt: nil)
        let scanned = try fixture.row("scanned", takenAt: "2024-10-19T10:15:00", camera: .scanner)

        // MUT
        let plan = try plan()

        // validate
        let exact = try #require(proposal(plan, onAPoint))
        #expect(exact.latitude == 43.515 && exact.longitude == 11.25)
        #expect(exact.source == .track && exact.trackName == "Day 2 \u{2013} Chianti")
        #expect(abs((try #require(proposal(plan, between))).latitude - 43.5155) < 1e-9)
        #expect(proposal(plan, lastPoint)?.latitude == 43.56)
        #expect(reason(plan, inTheGap) == .inGap(minutes: 30))
        #expect(reason(plan, before) == .outsideTracks)
        #expect(reason(plan, after) == .outsideTracks)
        #expect(reason(plan, undated) == .noDate)
        #expect(reason(plan, scanned) == .unknownClock(CameraKey(make: nil, model: nil)))
        #expect(plan.fromTracks == 3 && plan.estimated == 0 && plan.leftOut.count == 5)
        // Nothing is written by a plan.
        #expect(try fixture.position(of: onAPoint) == nil)
    }

    @Test func fromOneTrackOnlyThePhotosOfItsDaysAreLookedAt() throws {
        let walk = try fixture.library.tracks.importFile(try TrackFileTests.fixture("phone-app.gpx"), fileName: "phone-app.gpx", by: nil)
            .tracks[0]
        let onIt = try fixture.row("on it", takenAt: "2024-10-19T10:15:00", offset: 120)
        let sameDay = try fixture.row("same day, no zone", takenAt: "2024-10-19T18:00:00", camera: .olympus)
        try fixture.row("a week later", takenAt: "2024-10-26T10:15:00", offset: 120)
        try fixture.row("undated", takenAt: nil)

        let plan = try plan(PlacementRequest(trackIDs: [walk.id]))

        #expect(plan.proposals.map(\.photoID) == [onIt])
        #expect(plan.leftOut.map(\.photoID) == [sameDay], "the week later and the undated are not this track's to leave out")
        #expect(plan.cameras.map(\.key.name) == ["Apple iPhone 15", "OLYMPUS E-M10"])
    }

    @Test func aLargerToleranceJoinsTheGap() throws {
        _ = try fixture.library.tracks.importFile(try TrackFileTests.fixture("phone-app.gpx"), fileName: "phone-app.gpx", by: nil)
        let inTheGap = try fixture.row("in the gap", takenAt: "2024-10-19T08:45:00")
        var request = PlacementRequest()
        request.gapTolerance = 30
        request.clocks[CameraKey(make: "Apple", model: "iPhone 15")] = .offset(minutes: 0)

        let plan = try plan(request)

        // Both ends of the gap are at 43.53: the photo is there.
        #expect(proposal(plan, inTheGap)?.latitude == 43.53)
    }

    @Test func aCameraOneHourOffIsMeasuredFromItsGPSPhotosAndItsOtherPhotosPlacedRight() throws {
        // setup: the Olympus was left on Paris time (UTC+2 in June) in Lisbon (UTC+1); its photos with GPS say so.
        let start = try #require(TrackTime.milliseconds("2024-06-01T08:00:00Z"))
        try fixture.northbound("Walk", from: start, points: 61, minutes: 1, latitude: 38.70, longitude: -9.15, step: 0.001)
        for minute in [5, 25, 45] {
            let utc = start / 1000 + Int64(minute) * 60
            try fixture.row(
                "gps \(minute)", takenAt: "2024-06-01T10:\(minute < 10 ? "0" : "")\(minute):00", gpsTime: utc, camera: .olympus,
                at: (38.70 + Double(minute) * 0.001, -9.15))
        }
        let withoutGPS = try fixture.row("no gps", takenAt: "2024-06-01T10:30:00", camera: .olympus)

        // MUT
        let plan = try plan()

        // validate
        let camera = try #require(plan.cameras.first { $0.key.model == "E-M10" })
        #expect(camera.measured == 120 && camera.measuredFrom == 3 && camera.clock == .offset(minutes: 120))
        #expect(abs((try #require(proposal(plan, withoutGPS))).latitude - 38.73) < 1e-9)
        // Told Lisbon's zone instead, the person's choice is used: 09:30 UTC, after the track.
        var request = PlacementRequest()
        request.estimate = false
        request.clocks[camera.key] = .zone("Europe/Lisbon")
        #expect(reason(try self.plan(request), withoutGPS) == .outsideTracks)
    }

    @Test func aZoneFollowsDaylightSavingAcrossMidnightAndTheChange() throws {
        // setup: Rome's clocks went from 03:00 CEST back to 02:00 CET on 27 October 2024 (01:00 UTC).
        // A track from 22:00 UTC on the 26th to 04:00 UTC, a point every 10 minutes, heading north.
        let start = try #require(TrackTime.milliseconds("2024-10-26T22:00:00Z"))
        try fixture.northbound("Night train", from: start, points: 37, minutes: 10, latitude: 41.90, longitude: 12.50, step: 0.01)
        let beforeMidnightUTC = try fixture.row("00:30 CEST", takenAt: "2024-10-27T00:30:00", camera: .olympus)
        let afterTheChange = try fixture.row("03:30 CET", takenAt: "2024-10-27T03:30:00", camera: .olympus)
        var request = PlacementRequest()
        request.clocks[CameraKey(make: "OLYMPUS", model: "E-M10")] = .zone("Europe/Rome")

        // MUT
        let plan = try plan(request)

        // validate: 00:30 CEST is 22:30 UTC the day before (point 3); 03:30 CET is 02:30 UTC (point 27).
        #expect(abs((try #require(proposal(plan, beforeMidnightUTC))).latitude - 41.93) < 1e-9)
        #expect(abs((try #require(proposal(plan, afterTheChange))).latitude - 42.17) < 1e-9)
        // The hour the change repeats is read as its first time (CEST): 02:30 CEST is 00:30 UTC (point 15).
        let repeated = try fixture.row("02:30 twice", takenAt: "2024-10-27T02:30:00", camera: .olympus)
        #expect(abs((try #require(proposal(try self.plan(request), repeated))).latitude - 42.05) < 1e-9)
    }

    @Test func aPhotoNearOthersOfItsCameraIsEstimatedBetweenThem() throws {
        // setup: the phone had a position at 10:00 and 10:20, lost it between, and after.
        try fixture.row("a", takenAt: "2024-06-01T10:00:00", at: (38.70, -9.10))
        try fixture.row("b", takenAt: "2024-06-01T10:20:00", at: (38.72, -9.14))
        let between = try fixture.row("between", takenAt: "2024-06-01T10:05:00")
        let afterB = try fixture.row("after b", takenAt: "2024-06-01T10:40:00")
        let tooLate = try fixture.row("too late", takenAt: "2024-06-01T10:50:01")
        let otherCamera = try fixture.row("other camera", takenAt: "2024-06-01T10:05:00", camera: .olympus)

        // MUT
        let plan = try plan()

        // validate
        let estimate = try #require(proposal(plan, between))
        #expect(estimate.source == .estimate)
        #expect(abs(estimate.latitude - 38.705) < 1e-9 && abs(estimate.longitude + 9.11) < 1e-9)
        #expect(proposal(plan, afterB)?.latitude == 38.72)
        #expect(reason(plan, tooLate) == .unknownClock(CameraKey(make: "Apple", model: "iPhone 15")))
        #expect(reason(plan, otherCamera) == .unknownClock(CameraKey(make: "OLYMPUS", model: "E-M10")))
        var narrow = PlacementRequest()
        narrow.neighbourWindow = 4
        #expect(proposal(try self.plan(narrow), between) == nil)
    }

    /// A restored or edited database may hold any number: none is trusted into arithmetic.
    @Test func numbersChangedBehindRoadTripsBackAreNeverTrusted() throws {
        let walk = try fixture.library.tracks.importFile(try TrackFileTests.fixture("phone-app.gpx"), fileName: "phone-app.gpx", by: nil)
            .tracks[0]
        let photo = try fixture.row("edited", takenAt: "2024-10-19T10:15:00", offset: 120)
        try fixture.library.database.write { db in
            try db.execute("UPDATE photos SET taken_offset = \(Int64.max), gps_at = \(Int64.min) WHERE id = \(photo)")
            try db.execute("UPDATE tracks SET started_at = \(Int64.min), ended_at = \(Int64.max) WHERE id = \(walk.id)")
            try db.execute("UPDATE track_waypoints SET time = \(Int64.min)")
        }

        let stored = try #require(try fixture.photos.photo(id: photo))
        let track = try #require(try fixture.library.tracks.track(id: walk.id))
        let plan = try plan()

        #expect(stored.takenOffset == nil && stored.gpsTime == nil)
        #expect(track.startedAt == nil && track.duration == nil)
        #expect(try fixture.library.tracks.waypoints(of: walk.id).allSatisfy { $0.point.time == nil })
        #expect(reason(plan, photo) == .unknownClock(CameraKey(make: "Apple", model: "iPhone 15")))
    }

    @Test func interpolationTakesTheShortWayRoundTheAntimeridian() {
        let (_, longitude) = TrackMatcher.between(
            TrackPoint(latitude: 0, longitude: 179), TrackPoint(latitude: 0, longitude: -179), share: 0.75)
        #expect(abs(longitude + 179.5) < 1e-9)
    }
}
