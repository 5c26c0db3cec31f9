import Foundation
import Imaging

extension Library {
    /// Queues the making of the renditions a photo lacks, done in the background by whichever
    /// instance's workers claim the job. A queue that cannot be reached is logged, not thrown:
    /// the photo is imported, and a missing rendition is made when it is first asked for.
    public func queueRenditions(of photo: Photo, log: @Sendable (String) -> Void) {
        do {
            try jobs.enqueue(.renditions, key: String(photo.id))
        } catch {
            log("renditions of photo \(photo.id) not queued (made when first shown): \(error)")
        }
    }

    /// The workers that make queued renditions, one per core (decodes are bounded by the
    /// rendition maker itself). Started by the server; a photo removed meanwhile needs nothing.
    public func renditionWorkers(log: @escaping @Sendable (String) -> Void) -> JobRunner {
        JobRunner(queue: jobs, kinds: [.renditions], workers: ProcessInfo.processInfo.activeProcessorCount, log: log) {
            [photos, renditions] job in
            guard let id = Int64(job.key), let photo = try photos.photo(id: id) else { return }
            for rendition in [Rendition.thumbnail, .preview] { _ = try renditions.file(rendition, of: photo) }
        }
    }

    /// The worker that looks for trips when photos changed (`TripFinder`), and fills the
    /// vacations made of them (`FoundTrips.fill`): one, since a search reads every change there is.
    public func tripWorker(log: @escaping @Sendable (String) -> Void) -> JobRunner {
        JobRunner(queue: jobs, kinds: [.trips, .tripVacation], workers: 1, log: log) { [self] job in try runTripJob(job, log: log) }
    }

    /// One job of the trip worker's.
    public func runTripJob(_ job: Job, log: @Sendable (String) -> Void = { _ in }) throws {
        switch job.kind {
        case .tripVacation:
            guard let id = Int64(job.key) else { return }
            let added = try foundTrips.fill(id, library: self)
            log("trips: \(added) photos put in the vacation made of trip \(id)")
        default:
            let report = try tripFinder.run()
            if report.daysLookedAt > 0 {
                log("trips: looked at \(report.daysLookedAt) days (\(report.photosRead) photos), \(report.tripsFound) trips")
            }
        }
    }
}
