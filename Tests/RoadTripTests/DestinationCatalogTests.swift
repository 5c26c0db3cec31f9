import Foundation
import SQLDatabase
import SQLite
import Testing
@testable import RoadTrip

@Suite struct DestinationCatalogTests {
    let data = FreshDataFolder()

    static func record(
        _ name: String, latitude: Double = 41.9, events: [String] = [], points: [PointOfInterest] = []
    ) -> DestinationRecord {
        DestinationRecord(
            name: name, imageName: "\(name.replacingOccurrences(of: " ", with: "")).svg", locationTitle: "\(name) title",
            locationSubtitle: "\(name) subtitle", coordinate: Coordinate(latitude: latitude, longitude: 12.5)!,
            weatherURL: "https://example.com/weather/\(name)", eventURLs: events, pointsOfInterest: points
        )
    }

    static func point(_ title: String) -> PointOfInterest {
        PointOfInterest(title: title, subtitle: "\(title) subtitle", coordinate: Coordinate(latitude: 1.5, longitude: -2.25)!)
    }

    // MARK: importing

    @Test(arguments: DatabaseEngine.allCases) func importAddsRecordsInOrderAndReportsTheirNames(engine: DatabaseEngine) throws {
        // setup
        let catalog = try data.library(engine).catalog

        // MUT
        let summary = try catalog.importRecords([Self.record("Rome"), Self.record("Athens"), Self.record("Cairo")])

        // validate
        #expect(summary == DestinationImportSummary(added: ["Rome", "Athens", "Cairo"], updated: []))
        let all = try catalog.all()
        #expect(all.map(\.name) == ["Rome", "Athens", "Cairo"], "listed in import order, not by name")
        let rome = try #require(all.first)
        #expect(rome.imageName == "Rome.svg")
        #expect(rome.locationTitle == "Rome title")
        #expect(rome.locationSubtitle == "Rome subtitle")
        #expect(rome.coordinate == Coordinate(latitude: 41.9, longitude: 12.5))
        #expect(rome.weatherURL == "https://example.com/weather/Rome")
        #expect(rome.eventCount == 0)
        #expect(try catalog.destination(id: rome.id) == rome)
    }

    @Test(arguments: DatabaseEngine.allCases) func laterImportsAreListedAfterEarlierOnes(engine: DatabaseEngine) throws {
        // setup
        let catalog = try data.library(engine).catalog
        try catalog.importRecords([Self.record("Zurich")])

        // MUT
        try catalog.importRecords([Self.record("Amsterdam")])

        // validate
        #expect(try catalog.all().map(\.name) == ["Zurich", "Amsterdam"])
    }

    @Test(arguments: DatabaseEngine.allCases) func eventsAndPointsOfInterestComeBackInOrder(engine: DatabaseEngine) throws {
        // setup
        let catalog = try data.library(engine).catalog
        let events = (1...12).map { "https://example.com/events/\($0)" }
        let points = ["Colosseum", "Pantheon", "Trevi Fountain", "Aventine"].map(Self.point)

        // MUT
        try catalog.importRecords([Self.record("Rome", events: events, points: points)])

        // validate
        let rome = try #require(try catalog.all().first)
        #expect(rome.eventCount == 12)
        #expect(try catalog.eventURLs(destinationID: rome.id) == events)
        #expect(try catalog.pointsOfInterest(destinationID: rome.id) == points)
    }

    @Test(arguments: DatabaseEngine.allCases) func reimportingANameInAnotherCaseReplacesFieldsEventsAndPointsOfInterest(
        engine: DatabaseEngine
    ) throws {
        // setup
        let catalog = try data.library(engine).catalog
        try catalog.importRecords([
            Self.record(
                "New York City", events: ["https://a.example/1", "https://a.example/2", "https://a.example/3"],
                points: [Self.point("Old one"), Self.point("Old two")]),
            Self.record("Boston"),
        ])
        let before = try #require(try catalog.all().first)
        var replacement = Self.record("new york city", latitude: 40.7, events: ["https://b.example/1"], points: [Self.point("New one")])
        replacement.locationSubtitle = "The Big Apple"
        replacement.imageName = "NYC.png"

        // MUT
        let summary = try catalog.importRecords([replacement])

        // validate
        #expect(summary == DestinationImportSummary(added: [], updated: ["new york city"]))
        let all = try catalog.all()
        #expect(all.count == 2)
        #expect(all.map(\.name) == ["new york city", "Boston"], "same place in the list, the name as re-imported")
        let after = try #require(all.first)
        #expect(after.id == before.id, "links to it keep working")
        #expect(after.imageName == "NYC.png")
        #expect(after.locationSubtitle == "The Big Apple")
        #expect(after.coordinate.latitude == 40.7)
        #expect(after.eventCount == 1)
        #expect(try catalog.eventURLs(destinationID: after.id) == ["https://b.example/1"])
        #expect(try catalog.pointsOfInterest(destinationID: after.id) == [Self.point("New one")])
        #expect(try catalog.database.read { try $0.fetchValue("SELECT count(*) FROM destination_events") as Int? } == 1)
        #expect(try catalog.database.read { try $0.fetchValue("SELECT count(*) FROM destination_points_of_interest") as Int? } == 1)
    }

    @Test(arguments: DatabaseEngine.allCases) func theSameNameTwiceInOneImportEndsAsOneDestination(engine: DatabaseEngine) throws {
        // setup
        let catalog = try data.library(engine).catalog

        // MUT
        let summary = try catalog.importRecords([Self.record("Lima", events: ["https://x.example/1"]), Self.record("LIMA")])

        // validate
        #expect(summary == DestinationImportSummary(added: ["Lima"], updated: ["LIMA"]))
        #expect(try catalog.all().map(\.name) == ["LIMA"])
        #expect(try catalog.all().first?.eventCount == 0)
    }

    @Test(arguments: DatabaseEngine.allCases) func anImportWithAnInvalidRecordLeavesNothingOfTheOthers(engine: DatabaseEngine) throws {
        // setup: a record the database refuses (no record can hold an impossible position any
        // more, so a rule of the test's own stands in for the table's CHECKs)
        let catalog = try data.library(engine).catalog
        try catalog.importRecords([Self.record("Boston", events: ["https://old.example/1"], points: [Self.point("Common")])])
        try catalog.database.write { db in
            switch engine {
            case .sqlite:
                try db.execute(
                    """
                    CREATE TRIGGER no_atlantis BEFORE INSERT ON destinations WHEN new.name = 'Atlantis' BEGIN SELECT RAISE(ABORT, \
                    'no Atlantis'); END
                    """
                )
            case .postgreSQL:
                try db.execute("ALTER TABLE destinations ADD CONSTRAINT no_atlantis CHECK (name <> 'Atlantis')")
            }
        }
        let before = try catalog.all()
        let records = [
            Self.record("Rome", events: ["https://example.com/1"], points: [Self.point("Colosseum")]),
            Self.record("Boston", events: ["https://new.example/1", "https://new.example/2"]),
            Self.record("Atlantis"),
        ]

        // MUT
        let error = #expect(throws: DatabaseError.self) { try catalog.importRecords(records) }

        // validate
        #expect(error?.isConstraintViolation == true, "\(String(describing: error))")
        #expect(try catalog.all() == before)
        let boston = try #require(before.first)
        #expect(try catalog.eventURLs(destinationID: boston.id) == ["https://old.example/1"])
        #expect(try catalog.pointsOfInterest(destinationID: boston.id) == [Self.point("Common")])
        #expect(try catalog.database.read { try $0.fetchValue("SELECT count(*) FROM destination_events") as Int? } == 1)
        #expect(try catalog.database.read { try $0.fetchValue("SELECT count(*) FROM destination_points_of_interest") as Int? } == 1)
    }

    @Test(arguments: DatabaseEngine.allCases) func anUnknownIDHasNoDestination(engine: DatabaseEngine) throws {
        // setup
        let catalog = try data.library(engine).catalog
        try catalog.importRecords([Self.record("Rome")])

        // MUT
        let missing = try catalog.destination(id: 999)

        // validate
        #expect(missing == nil)
        #expect(try catalog.eventURLs(destinationID: 999).isEmpty)
        #expect(try catalog.pointsOfInterest(destinationID: 999).isEmpty)
    }

    // MARK: the demo catalogue

    @Test(arguments: DatabaseEngine.allCases) func demoLoadsOnTheFirstStartOnly(engine: DatabaseEngine) throws {
        // setup
        let catalog = try data.library(engine).catalog

        // MUT
        let first = try catalog.loadDemoOnFirstStart()
        let second = try catalog.loadDemoOnFirstStart()

        // validate
        #expect(first)
        #expect(!second)
        let all = try catalog.all()
        #expect(all.map(\.name) == ["New York City", "San Francisco"])
        #expect(all.map(\.eventCount) == [4, 4])
        #expect(
            try catalog.pointsOfInterest(destinationID: all[0].id).map(\.title) == [
                "Statue of Liberty", "Central Park", "Empire State Building",
            ])
    }

    @Test(arguments: DatabaseEngine.allCases) func demoLoadsOnceAcrossReopenings(engine: DatabaseEngine) throws {
        // setup
        try data.library(engine).catalog.loadDemoOnFirstStart()

        // MUT
        let again = try data.library(engine).catalog.loadDemoOnFirstStart()

        // validate
        #expect(!again)
        #expect(try data.library(engine).catalog.all().count == 2)
    }

    @Test(arguments: DatabaseEngine.allCases) func removedDemoDestinationsDoNotComeBack(engine: DatabaseEngine) throws {
        // setup
        let library = try data.library(engine)
        try library.catalog.loadDemoOnFirstStart()
        try library.database.write { try $0.execute("DELETE FROM destinations") }
        try #require(try library.catalog.all().isEmpty)

        // MUT
        let loaded = try data.library(engine).catalog.loadDemoOnFirstStart()

        // validate
        #expect(!loaded)
        #expect(try library.catalog.all().isEmpty)
        #expect(
            try library.database.read { try $0.fetchValue("SELECT count(*) FROM destination_events") as Int? } == 0,
            "events went with their destinations")
    }

    @Test(arguments: DatabaseEngine.allCases) func aLibraryWithDestinationsBeforeItsFirstStartGetsNoDemo(engine: DatabaseEngine) throws {
        // setup
        let catalog = try data.library(engine).catalog
        try catalog.importRecords([Self.record("Rome")])

        // MUT
        let loaded = try catalog.loadDemoOnFirstStart()

        // validate
        #expect(!loaded)
        #expect(try catalog.all().map(\.name) == ["Rome"])
    }
}
