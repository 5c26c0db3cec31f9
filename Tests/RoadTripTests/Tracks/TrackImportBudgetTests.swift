import Foundation
import Imaging
import Testing
import TestSupport
@testable import RoadTrip

/// A track file from outside holds what reading it may take of the decode budget the image
/// decodes use, so uploads of either kind at once cannot add up past it; without the memory it
/// is refused, saying so, and nothing is stored.
@Suite struct TrackImportBudgetTests {
    let fixture: PhotosFixture
    let folder: TemporaryFolder
    let path: String
    let needed: Int

    init() throws {
        fixture = try PhotosFixture()
        folder = try TemporaryFolder()
        let points = (0..<2000).map { #"<trkpt lat="\#(43.5 + Double($0) * 0.0001)" lon="11.25"/>"# }.joined(separator: "\n")
        path = try folder.write(Array("<gpx><trk><name>Ride</name><trkseg>\(points)</trkseg></trk></gpx>".utf8), to: "ride.gpx")
        let size = try #require((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue)
        needed = TrackFile.memoryNeeded(forFileOf: size)
    }

    @Test func aFileNeedingMoreThanTheWholeBudgetIsRefusedAndNothingStored() throws {
        // setup
        let budget = DecodeBudget(capacity: 1 << 20, longestWait: .zero)
        #expect(needed > budget.capacity)
        // MUT
        let error = #expect(throws: TrackFileError.self) {
            try fixture.library.tracks.importFile(atPath: path, fileName: "ride.gpx", by: nil, budget: budget)
        }
        // validate
        #expect(
            error?.description
                == """
                ride.gpx: needs about \(ByteCount.text(Int64(needed))) of memory to read, more than the 1.0 MB this server \
                allows for uploads at once
                """
        )
        #expect(try fixture.library.tracks.all().isEmpty)
        #expect(budget.inUse == 0)
    }

    @Test func aFileIsRefusedAsBusyWhileOthersHoldTheBudgetAndNothingStored() throws {
        // setup: another upload holds the whole budget for longer than this one waits
        let budget = DecodeBudget(capacity: 64 << 20, longestWait: .milliseconds(20))
        // MUT
        let refusal = try budget.holding(budget.capacity, refusedAs: { $0 }) { () throws(BudgetRefusal) -> String? in
            do {
                _ = try fixture.library.tracks.importFile(atPath: path, fileName: "ride.gpx", by: nil, budget: budget)
                return nil
            } catch {
                return "\(error)"
            }
        }
        // validate
        #expect(
            refusal
                == """
                ride.gpx: cannot be read now: the server is busy with other uploads (reading it needs about \
                \(ByteCount.text(Int64(needed))) of memory); try again in a minute
                """
        )
        #expect(try fixture.library.tracks.all().isEmpty)
        #expect(budget.inUse == 0)
    }

    @Test func aFileWithinTheBudgetIsStoredAndGivesTheMemoryBack() throws {
        // setup
        let budget = DecodeBudget(capacity: 64 << 20, longestWait: .zero)
        // MUT
        let imported = try fixture.library.tracks.importFile(atPath: path, fileName: "ride.gpx", by: nil, budget: budget)
        // validate
        #expect(imported.tracks.map(\.pointCount) == [2000])
        #expect(budget.inUse == 0)
    }

    @Test func theMemoryAFileMayNeedGrowsWithItsSizeAndItsPoints() {
        #expect(TrackFile.memoryNeeded(forFileOf: 0) == TrackFile.bytesPerPoint)
        #expect(TrackFile.memoryNeeded(forFileOf: 4000) == 8000 + 1001 * TrackFile.bytesPerPoint)
        // The largest file: its bytes twice and the most points a file may keep, under 300 MB.
        #expect(
            TrackFile.memoryNeeded(forFileOf: TrackFile.maximumBytes) == 2 * TrackFile.maximumBytes + TrackFile.maximumPoints
                * TrackFile.bytesPerPoint)
        #expect(TrackFile.memoryNeeded(forFileOf: TrackFile.maximumBytes) < 300 << 20)
    }
}
