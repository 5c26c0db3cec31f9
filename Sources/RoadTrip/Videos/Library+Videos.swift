import Foundation
import SystemCalls
import Video

extension Library {
    /// The workers that make videos' renditions: `--video-jobs` of them (one by default), each
    /// FFmpeg run at lower priority with its threads capped, stopped at once when the server stops.
    public func videoWorkers(log: @escaping @Sendable (String) -> Void) -> JobRunner {
        JobRunner(queue: jobs, kinds: [.video], workers: photos.video.jobs, log: log) { [self] job, isStopping in
            try runVideoJob(job, isStopping: isStopping, log: log)
        }
    }

    /// How many times a rendition is tried before its failure is shown for good: once more
    /// after the first failure (a machine busy or short of memory that moment).
    static let videoAttempts = 2

    /// Makes one video's rendition: into a temporary file beside its place, checked, then
    /// renamed into place, so that no partial file is ever served. A failure is retried once
    /// (the queue's backoff), then recorded with its reason; a stop gives the job back.
    public func runVideoJob(_ job: Job, isStopping: @escaping @Sendable () -> Bool = { false }, log: @Sendable (String) -> Void = { _ in })
        throws
    {
        guard let id = Int64(job.key), let photo = try photos.photo(id: id), let video = try photos.video(of: photo) else { return }
        if case .ready = video.rendition, DurableFile.size(of: photos.files.videoRendition(sha256: video.sha256)) != nil { return }
        let source = photos.files.video(sha256: video.sha256, container: video.container)
        let destination = photos.files.videoRendition(sha256: video.sha256)
        // A temporary name (`Library.isTemporary`) beside its place: a crash's leftover is found and removed.
        let temporary = (destination as NSString).deletingLastPathComponent + "/.\(video.sha256).making-\(UUID().uuidString).tmp"
        defer { unlink(temporary) }
        do {
            try DurableFile.makeFolder((destination as NSString).deletingLastPathComponent)
            let facts = try photos.video.tools.probe(source, container: video.container)
            try photos.setRendition(of: id, .pending(0))
            var reported = 0
            let way = try photos.video.tools.makeRendition(
                of: source, container: video.container, facts: facts, to: temporary,
                shouldStop: isStopping
            ) { fraction in
                // A row written at most every 5 %: the page asking how far it is reads it.
                let percent = Int((fraction * 100).rounded(.down))
                if percent >= reported + 5, percent < 100 {
                    reported = percent
                    try? photos.setRendition(of: id, .pending(percent))
                }
            }
            try DurableFile.sync(temporary)
            guard rename(temporary, destination) == 0 else { throw FileError("cannot save", destination, errno: errno) }
            try photos.setRendition(of: id, .ready, way: way, byteCount: DurableFile.size(of: destination))
            log("videos: photo \(id) \(way == .remux ? "remuxed" : "transcoded")")
        } catch {
            if isStopping() { throw error }
            let reason = (error as? VideoError)?.description ?? "\(error)"
            guard job.attempts >= Self.videoAttempts else {
                try? photos.setRendition(of: id, .failed("\(reason); trying again"))
                throw error
            }
            try photos.setRendition(of: id, .failed(reason))
            log("videos: photo \(id) has no rendition: \(reason)")
        }
    }
}

extension Library {
    /// `roadtrip check`'s part for videos: one whose rendition is said to be made but whose file
    /// is gone (`DIR/cache/` emptied), or that waits without a job (a queue lost with a
    /// database restored from elsewhere), is queued again, and the report says how many.
    func checkVideoRenditions(into report: inout LibraryCheckReport) throws {
        var requeued: [Int64] = []
        var after: Int64 = 0
        while true {
            let rows = try database.fetchAll(
                """
                SELECT v.photo_id, v.sha256, v.rendition,
                    CASE WHEN EXISTS (SELECT 1 FROM jobs j WHERE j.kind = \(JobKind.video.rawValue) AND j.key = CAST(v.photo_id AS TEXT))
                        THEN 1 ELSE 0 END AS queued
                FROM videos v JOIN photos p ON p.id = v.photo_id AND p.motion = 'video'
                WHERE v.photo_id > \(after) ORDER BY v.photo_id LIMIT 1000
                """
            ) { row in
                (
                    id: try row["photo_id"] as Int64, sha256: try row["sha256"] as String, state: try row["rendition"] as String,
                    queued: try row["queued"] as Int == 1
                )
            }
            guard let last = rows.last else { break }
            after = last.id
            for video in rows where !video.queued && PhotoFiles.isDigest(video.sha256) {
                let missing = video.state == "ready" && DurableFile.size(of: photos.files.videoRendition(sha256: video.sha256)) == nil
                if missing || video.state == "pending" { requeued.append(video.id) }
            }
        }
        guard !requeued.isEmpty else { return }
        for id in requeued { try photos.setRendition(of: id, .pending(0)) }
        try jobs.enqueue(.video, keys: requeued.map(String.init))
        report.repairs.append(
            "\(requeued.count) video\(requeued.count == 1 ? "" : "s") had no playable copy: queued to be made again (the server makes them)"
        )
    }
}
