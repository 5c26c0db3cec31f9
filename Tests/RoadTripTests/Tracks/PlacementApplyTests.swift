import Foundation
import Geo
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

/// Applying a placement and undoing it: the photo, its place's count, the map and the vacations
/// that hold it follow, on both engines.
@Suite(.onEachEngine) struct PlacementApplyTests {
    let fixture: PhotosFixture

    init() throws {
        fixture = try PhotosFixture(engine: .current)
    }

    private var lisbonBox: MapBox { MapBox(south: 38, west: -10, north: 39.5, east: -8)! }

    @Test func placingFromATrackMovesCountsMapAndVacationsAndUndoPutsThemBack() throws {
        // setup: a real photo whose EXIF says 09:30 at UTC+01:00, in Ann's vacation; a walk in Lisbon.
        let ann = try fixture.account("Ann")
        let imported = fixture.importPhoto(
            try fixture.draw("tram.jpg", width: 64, height: 48, takenAt: "2024-06-01T09:30:00", takenOffset: 60))
        let photo = try #require(imported.photo)
        #expect(photo.takenOffset == 60 && photo.positionSource == nil)
        let vacation = try fixture.vacations.create(named: "Lisbon", for: ann.id)
        try fixture.vacations.visit(photo, into: vacation, for: ann.id, library: fixture.library)
        let start = try #require(TrackTime.milliseconds("2024-06-01T08:00:00Z"))
        try fixture.northbound("Walk", from: start, points: 61, minutes: 1, latitude: 38.70, longitude: -9.15, step: 0.001)
        let placer = fixture.library.placer

        // MUT
        let placement = try #require(try placer.apply(try placer.plan(PlacementRequest()), by: ann.id))

        // validate
        #expect(placement.photoCount == 1)
        let placed = try #require(try fixture.photos.photo(id: photo.id))
        #expect(abs((placed.latitude ?? 0) - 38.73) < 1e-9 && placed.placeID == PhotosFixture.lisbon.id && placed.positionSource == .track)
        #expect(
            try placer.origin(of: placed)
                == PositionOrigin(
                    source: .track, trackName: "Walk", trackRemoved: false, placedBy: "Ann",
                    placedAt: fixture.clock.seconds))
        #expect(try fixture.photos.place(id: PhotosFixture.lisbon.id)?.photoCount == 1)
        #expect(try fixture.photos.photosWithoutPlace() == 0)
        #expect(try fixture.photos.map(of: lisbonBox, zoom: 10).photoCount == 1)
        let contents = try #require(try fixture.vacations.vacation(vacation, of: ann.id)).contents
        #expect(try contents.itinerary().map(\.name) == ["Lisbon"])
        #expect(try contents.photos().first?.placeID == PhotosFixture.lisbon.id)

        // MUT: undo
        #expect(try placer.undo(placement.id) == 1)

        // validate
        let back = try #require(try fixture.photos.photo(id: photo.id))
        #expect(back.latitude == nil && back.placeID == nil && back.positionSource == nil && back.placementID == nil)
        #expect(try fixture.photos.place(id: PhotosFixture.lisbon.id)?.photoCount == 0)
        #expect(try fixture.photos.photosWithoutPlace() == 1)
        #expect(try fixture.photos.map(of: lisbonBox, zoom: 10).photoCount == 0)
        #expect(try contents.itinerary().isEmpty)
        #expect(try contents.photos().first?.latitude == nil)
        #expect(try placer.undo(placement.id) == 0)
        #expect(try placer.placement(id: placement.id)?.undoneAt == fixture.clock.seconds)
    }

    @Test func aPersonPlacesManyAtOnceByNameOrPointAndUndoRestoresTheCamerasPosition() throws {
        // setup
        let ann = try fixture.account("Ann")
        let first = try fixture.row("first", takenAt: "2024-05-01T10:00:00")
        let second = try fixture.row("second", takenAt: "2024-05-01T10:01:00")
        let wrong = try fixture.row("wrong GPS", takenAt: "2024-05-01T10:02:00", at: Spot.goldenGate)
        let placer = fixture.library.placer

        // MUT
        let byName = try #require(try placer.place([first, second, wrong], atPlace: PhotosFixture.newYork.id, by: ann.id))
        let atSea = try #require(try placer.place([second], at: Coordinate(latitude: 35, longitude: -40)!, by: nil))

        // validate
        #expect(byName.photoCount == 3 && atSea.photoCount == 1)
        #expect(try fixture.photos.photo(id: first)?.placeID == PhotosFixture.newYork.id)
        #expect(try fixture.photos.photo(id: first)?.latitude == PhotosFixture.newYork.coordinate.latitude)
        #expect(try fixture.photos.place(id: PhotosFixture.newYork.id)?.photoCount == 2)
        let wrongPhoto = try #require(try fixture.photos.photo(id: wrong))
        #expect(try placer.origin(of: wrongPhoto)?.placedBy == "Ann")
        #expect(try fixture.photos.photo(id: second)?.placeID == nil)
        #expect(try fixture.photos.photo(id: second)?.latitude == 35)

        // MUT: undo the first placement; the photo placed again since keeps its newer position.
        #expect(try placer.undo(byName.id) == 2)

        // validate
        let restored = try #require(try fixture.photos.photo(id: wrong))
        #expect(restored.latitude == Spot.goldenGate.0 && restored.positionSource == .camera && restored.placementID == nil)
        #expect(try fixture.photos.photo(id: second)?.latitude == 35)
        #expect(try fixture.photos.photo(id: first)?.latitude == nil)
        #expect(try fixture.photos.place(id: PhotosFixture.newYork.id)?.photoCount == 0)
    }

    @Test func aPhotoPlacedMeanwhileKeepsItsPositionAndARemovedTrackIsSaidSo() throws {
        let start = try #require(TrackTime.milliseconds("2024-06-01T08:00:00Z"))
        let walk = try fixture.northbound("Walk", from: start, points: 11, minutes: 1, latitude: 38.70, longitude: -9.15, step: 0.001)
        let early = try fixture.row("early", takenAt: "2024-06-01T08:02:00", offset: 0)
        let late = try fixture.row("late", takenAt: "2024-06-01T08:08:00", offset: 0)
        let placer = fixture.library.placer
        let plan = try placer.plan(PlacementRequest())
        try placer.place([late], at: Coordinate(latitude: 10, longitude: 10)!, by: nil)

        // MUT
        let placement = try #require(try placer.apply(plan, by: nil))
        try fixture.library.tracks.delete(id: walk.id)

        // validate
        #expect(placement.photoCount == 1)
        #expect(try fixture.photos.photo(id: late)?.latitude == 10)
        let origin = try placer.origin(of: try #require(try fixture.photos.photo(id: early)))
        #expect(origin?.trackName == "Walk" && origin?.trackRemoved == true)
    }

    @Test func theCameraWritesItsZoneAndGPSTimeAndTheyAreKept() throws {
        let gps = try #require(TrackTime.milliseconds("2024-06-01T08:30:07Z")) / 1000
        let outcome = fixture.importPhoto(
            try fixture.draw(
                "gps.jpg", width: 64, height: 48, at: Spot.centralPark,
                takenAt: "2024-06-01T04:30:07", takenOffset: -240, gpsTime: gps))
        let photo = try #require(outcome.photo)
        #expect(photo.takenOffset == -240 && photo.gpsTime == gps && photo.positionSource == .camera)
        #expect(
            try fixture.library.placer.origin(of: photo)
                == PositionOrigin(source: .camera, trackName: nil, trackRemoved: false, placedBy: nil, placedAt: nil))
    }
}
