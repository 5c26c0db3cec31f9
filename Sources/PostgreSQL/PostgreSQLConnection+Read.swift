import SQLDatabase
internal import CPostgreSQL

/// A read transaction in as few round trips as PostgreSQL allows: its BEGIN goes out with its
/// first statement (libpq's pipeline mode), and its COMMIT is sent when the body returns and
/// its answer read at the connection's next use. A page's reads, one statement each, so cost
/// one round trip instead of three.
extension PostgreSQLConnection {
    static let readBegin = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    /// The first failure of a read happened on its first statement, on a connection found
    /// broken: nothing of the body has run past it, so the read may start again on another.
    struct LostBeforeFirstStatement: Error {
        let error: any Error
    }

    /// Before a borrower uses the connection: the last read's COMMIT answered.
    func settle() throws {
        guard commitInFlight else { return }
        commitInFlight = false
        var failure: (any Error)?
        while let result = PQgetResult(handle) {
            do { _ = try check(QueryResult(result), sql: "COMMIT") } catch { failure = failure ?? error }
        }
        if let failure {
            mustClose = true
            throw failure
        }
    }

    /// Runs `body` as a read transaction whose BEGIN waits for the first statement.
    func reading<T>(_ body: () throws -> T) throws -> T {
        deferredBegin = Self.readBegin
        do {
            let value = try body()
            try finishRead()
            return value
        } catch {
            guard deferredBegin == nil else {
                // Nothing was sent: nothing to roll back.
                deferredBegin = nil
                throw error
            }
            if isInsideTransaction, !isBroken {
                do { try executeScript("ROLLBACK") } catch { mustClose = true }
            }
            throw error
        }
    }

    private func finishRead() throws {
        guard deferredBegin == nil else {
            // The body ran no statement: no transaction was begun.
            deferredBegin = nil
            return
        }
        guard PQsendQuery(handle, "COMMIT") == 1 else {
            throw DatabaseError(result: nil, connection: handle, sql: "COMMIT")
        }
        commitInFlight = true
    }

    /// The deferred BEGIN and the first statement in one round trip.
    func runAfterDeferredBegin(_ begin: String, name: String, parameters: Parameters, sql: String) throws -> QueryResult {
        deferredBegin = nil
        guard PQenterPipelineMode(handle) == 1 else {
            try executeScript(begin)
            return try check(parameters.withCArrays { PQexecPrepared(handle, name, parameters.count, $0, $1, $2, 0) }, sql: sql)
        }
        let sent = PQsendQueryParams(handle, begin, 0, nil, nil, nil, nil, 0) == 1
            && parameters.withCArrays({ PQsendQueryPrepared(handle, name, parameters.count, $0, $1, $2, 0) }) == 1
            && PQpipelineSync(handle) == 1
        var owned: [QueryResult] = []
        var sawSync = false
        var emptyInARow = 0
        // Each query's results end with a NULL; the sync's own result ends the pipeline. Three
        // NULLs in a row mean the connection gave up.
        while sent, !sawSync, !isBroken, emptyInARow < 3 {
            guard let result = PQgetResult(handle) else {
                emptyInARow += 1
                continue
            }
            emptyInARow = 0
            let answer = QueryResult(result)
            if answer.status == PGRES_PIPELINE_SYNC { sawSync = true } else { owned.append(answer) }
        }
        PQexitPipelineMode(handle)
        guard sent, sawSync, owned.count == 2 else {
            let error = DatabaseError(result: nil, connection: handle, sql: sql)
            throw isBroken ? LostBeforeFirstStatement(error: error) : error
        }
        _ = try check(owned[0], sql: begin)
        return try check(owned[1], sql: sql)
    }
}
