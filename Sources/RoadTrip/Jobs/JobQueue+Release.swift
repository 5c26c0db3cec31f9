import SQLDatabase

extension JobQueue {
    /// Gives back a job this worker holds without doing it (the process is stopping): it is
    /// due again at once for any instance, the next start of this one included, rather than
    /// when its lease would have run out, and the claim is not counted as an attempt.
    /// False when this worker no longer held it (it was finished, or taken by another).
    @discardableResult
    public func release(_ job: Job) throws -> Bool {
        try !release([job]).isEmpty
    }

    /// Gives back several, in one write (a stopping process has little time): those this
    /// worker still held.
    @discardableResult
    public func release(_ jobs: [Job]) throws -> [Job] {
        try database.write { db in
            try jobs.filter { job in
                try db.execute(
                    """
                    UPDATE jobs SET leased_by = NULL, lease_until = NULL, attempts = attempts - 1
                    WHERE id = \(job.id) AND leased_by = \(worker)
                    """)
                return db.changes == 1
            }
        }
    }
}
