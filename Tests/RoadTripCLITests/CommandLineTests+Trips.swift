import Foundation
import Imaging
import Testing

/// `roadtrip trips find` and `list`, as docs/using.md shows them.
extension CommandLineTests {
    @Test func tripsAreFoundAndListedAndAMisusedCommandSaysHow() throws {
        // setup: home in New York on six days of May 2024 (beside the demo photos, some of New York too), three days in Paris in June
        let data = try scratch.startedData()
        var paths: [String] = []
        for day in 1...6 {
            let path = scratch.url.appendingPathComponent("home-\(day).jpg").path
            try SyntheticPhoto.write(
                to: path, format: .jpeg, width: 32, height: 24,
                metadata: PhotoMetadata(takenAt: "2024-05-0\(day)T18:00:00", latitude: 40.71, longitude: -74.0), seed: UInt64(day))
            paths.append(path)
        }
        for (index, day) in ["10", "11", "12"].enumerated() {
            for hour in 10...11 {
                let path = scratch.url.appendingPathComponent("paris-\(day)-\(hour).jpg").path
                try SyntheticPhoto.write(
                    to: path, format: .jpeg, width: 32, height: 24,
                    metadata: PhotoMetadata(takenAt: "2024-06-\(day)T\(hour):00:00", latitude: 48.8566, longitude: 2.3522),
                    seed: UInt64(100 + index * 2 + hour))
                paths.append(path)
            }
        }
        #expect(try RoadTripProcess.run(["import"] + paths + ["--data", data], scratch: scratch.url).status == 0)

        // MUT
        let found = try run("trips", "find", "--data", data)
        let again = try run("trips", "find", "--data", data)
        let list = try run("trips", "list", "--data", data)
        let misused = try run("trips", "--data", data)

        // validate
        #expect(found.status == 0 && found.standardOutput.contains("Home: 40.7"), "\(found.standardOutput)")
        #expect(found.standardOutput.contains("1 trips."), "\(found.standardOutput)")
        #expect(again.standardOutput.contains("Looked at 0 days (0 photos): 0 trips."), "nothing changed since")
        #expect(list.standardOutput.contains("2024-06-10…2024-06-12 · 6 photos · 5835 km from home"), "\(list.standardOutput)")
        #expect(misused.status == 64 && misused.standardError.contains("usage: roadtrip trips list | roadtrip trips find [--all]"))
    }
}
