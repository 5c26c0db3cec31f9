import Foundation
import RoadTrip
import SystemCalls

extension Commands {
    /// `roadtrip tracks import FILE...`, `roadtrip tracks list`, `roadtrip tracks place`.
    static func tracks(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(
            arguments, values: ["--track", "--clock", "--tolerance", "--window"], flags: ["--dry-run", "--no-estimates"])
        switch parsed.words.first {
        case "import" where parsed.words.count >= 2:
            try importTracks(Array(parsed.words.dropFirst()), library: openLibrary(parsed))
        case "list" where parsed.words.count == 1:
            let library = try openLibrary(parsed)
            do {
                let tracks = try library.tracks.all()
                if tracks.isEmpty { Console.out("No tracks yet: roadtrip tracks import FILE.gpx") }
                for track in tracks { Console.out("\(track.id)  \(TrackText.summary(track, in: .current))") }
            } catch {
                throw CommandFailure(message: "cannot list the tracks: \(error)")
            }
        case "place" where parsed.words.count == 1:
            try placePhotos(parsed, library: openLibrary(parsed))
        default:
            throw CommandFailure(
                message: """
                    usage: roadtrip tracks import FILE... | roadtrip tracks list
                           roadtrip tracks place [--track ID] [--clock "CAMERA=ZONE"]... [--tolerance MIN] [--window MIN] \
                           [--no-estimates] [--dry-run]
                    """, status: 64)
        }
    }

    /// Each file on its own: one refused leaves the others imported, and the command fails at the end.
    private static func importTracks(_ paths: [String], library: Library) throws(CommandFailure) {
        var refused = 0
        for path in paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            do {
                let budget = library.photos.processor.decodeBudget
                let result = try library.tracks.importFile(atPath: path, fileName: name, by: nil, budget: budget)
                for track in result.tracks { Console.out("\(name): \(TrackText.summary(track, in: .current))") }
                if result.waypoints > 0 { Console.out("\(name): \(result.waypoints) named point\(result.waypoints == 1 ? "" : "s")") }
                if result.added == 0 { Console.out("\(name): imported before; nothing added") }
            } catch let error as TrackFileError {
                refused += 1
                Console.out("refused \(error.description)")
            } catch let error as SystemError where error.errno == ENOENT {
                refused += 1
                Console.out("refused \(path): no such file")
            } catch let error as SystemError {
                refused += 1
                Console.out("refused \(path): \(error.message)")
            } catch {
                refused += 1
                Console.out("refused \(path): \(error.localizedDescription)")
            }
        }
        if refused > 0 { throw CommandFailure(message: "\(refused) of \(paths.count) files were not imported", status: 2) }
    }

    /// Places photos without a position from the tracks (and estimates), as the browser's "Place
    /// from tracks" does; `--dry-run` shows the plan alone.
    private static func placePhotos(_ parsed: Arguments, library: Library) throws(CommandFailure) {
        var request = PlacementRequest(
            trackIDs: try parsed.options["--track"].map { text throws(CommandFailure) in
                guard let id = Int64(text) else {
                    throw CommandFailure(message: "--track must be a track's number (see roadtrip tracks list), not '\(text)'", status: 64)
                }
                return [id]
            })
        request.estimate = !parsed.flags.contains("--no-estimates")
        for (option, apply) in [
            ("--tolerance", { (value: Int) in request.gapTolerance = value }), ("--window", { request.neighbourWindow = $0 }),
        ] {
            guard let text = parsed.options[option] else { continue }
            guard let minutes = Int(text), (0...PlacementRequest.largestMinutes).contains(minutes) else {
                throw CommandFailure(
                    message: "\(option) must be minutes from 0 to \(PlacementRequest.largestMinutes), not '\(text)'", status: 64)
            }
            apply(minutes)
        }
        do {
            if let text = parsed.options["--clock"] {
                let cameras = try library.placer.cameras(request)
                let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let camera = cameras.first(where: { $0.key.name == parts[0] }),
                    let clock = CameraClock(formValue: parts[1])
                else {
                    throw CommandFailure(
                        message:
                            """
                            --clock must be \"CAMERA=ZONE\" or \"CAMERA=+MINUTES\" for one of: \
                            \(cameras.map(\.key.name).joined(separator: ", "))
                            """,
                        status: 64)
                }
                request.clocks[camera.key] = clock
            }
            let plan = try library.placer.plan(request)
            guard !plan.proposals.isEmpty || !plan.leftOut.isEmpty else { return Console.out("No photo is without a position.") }
            for camera in plan.cameras {
                let clock =
                    camera.clock.map { clock in
                        let measured = camera.measured != nil && clock == .offset(minutes: camera.measured ?? 0)
                        return "clock \(clock.description)" + (measured ? " (measured from \(camera.measuredFrom) photos)" : "")
                    } ?? "clock unknown"
                Console.out("\(camera.key.name): \(camera.photoCount) photos, \(clock)")
            }
            Console.out(
                """
                From tracks \(plan.fromTracks), estimated \(plan.estimated), left out \
                \(plan.leftOut.count)\(plan.more ? " (more next time)" : "").
                """
            )
            for (reason, group) in Dictionary(grouping: plan.leftOut, by: \.reason.sentence).sorted(by: { $0.key < $1.key }) {
                Console.out("  \(group.count): \(reason)")
            }
            guard !parsed.flags.contains("--dry-run") else { return }
            if let placement = try library.placer.apply(plan, by: nil) {
                Console.out("Placed \(placement.photoCount) photos (placement \(placement.id)).")
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "cannot place the photos: \(error)")
        }
    }
}
