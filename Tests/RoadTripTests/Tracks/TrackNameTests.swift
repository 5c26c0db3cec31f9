import Foundation
import Testing
import TestSupport
@testable import RoadTrip

/// A track is called by its own name, but many GPS units call every track they record the same
/// ("ACTIVE LOG"): such a track, and one without a name, takes its file's name and the day it
/// starts on (issue 49, 8).
@Suite struct TrackNameTests {
    let fixture: PhotosFixture

    init() throws {
        fixture = try PhotosFixture()
    }

    private func gpx(_ tracks: [(name: String?, time: String?)]) -> Data {
        let parts = tracks.map { track in
            let name = track.name.map { "<name>\($0)</name>" } ?? ""
            let time = track.time.map { "<time>\($0)</time>" } ?? ""
            return
                """
                <trk>\(name)<trkseg><trkpt lat=\"43.5\" lon=\"11.25\">\(time)</trkpt><trkpt lat=\"43.6\" \
                lon=\"11.3\"></trkpt></trkseg></trk>
                """
        }
        return Data("<gpx version=\"1.1\" creator=\"test\">\(parts.joined())</gpx>".utf8)
    }

    @Test func aGenericNameGivesWayToTheFilesNameAndDay() throws {
        // MUT
        let garmin = try fixture.library.tracks.importFile(
            gpx([("ACTIVE LOG", "2008-10-18T09:12:00Z")]), fileName: "Tuscany day 2.gpx", by: nil)
        let numbered = try fixture.library.tracks.importFile(
            gpx([("ACTIVE LOG 002", "2008-10-19T07:00:00Z"), ("  active log ", "2008-10-20T07:00:00Z")]),
            fileName: "rides.gpx", by: nil)
        let unnamed = try fixture.library.tracks.importFile(gpx([(nil, nil)]), fileName: "walk.gpx", by: nil)
        let named = try fixture.library.tracks.importFile(gpx([("Ride to Siena", "2008-10-21T07:00:00Z")]), fileName: "x.gpx", by: nil)

        // validate
        #expect(garmin.tracks.map(\.name) == ["Tuscany day 2, 18 Oct 2008"])
        #expect(numbered.tracks.map(\.name) == ["rides 1, 19 Oct 2008", "rides 2, 20 Oct 2008"])
        #expect(unnamed.tracks.map(\.name) == ["walk"], "no times: the file's name alone")
        #expect(named.tracks.map(\.name) == ["Ride to Siena"], "a name of its own is kept")
    }
}
