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
        let results = try pipelined([.text(begin), .prepared(name: name, parameters: parameters, sql: sql)])
        _ = try check(results[0], sql: begin)
        return try check(results[1], sql: sql)
    }

    /// The statements in one read transaction, all sent at once: BEGIN, each statement and
    /// COMMIT wait for one round trip together.
    func fetchAllTogether(_ statements: [SQL]) throws -> [[Row]] {
        try settle()
        var steps: [PipelineStep] = [.text(Self.readBegin)]
        for statement in statements {
            let parameters = try Parameters(statement.arguments, sql: statement.text)
            let name = try preparedStatement(for: statement.text, types: parameters.types)
            steps.append(.prepared(name: name, parameters: parameters, sql: statement.text))
        }
        steps.append(.text("COMMIT"))
        let results = try pipelined(steps)
        do {
            var rows: [[Row]] = []
            for (step, result) in zip(steps, results) {
                let checked = try checkForgettingChangedPlan(result, of: step)
                if case .prepared(_, _, let sql) = step { rows.append(try checked.rows(sql: sql)) }
            }
            return rows
        } catch {
            // A statement failed: the server skipped the rest, COMMIT too, and the
            // transaction waits for a rollback.
            if isInsideTransaction, !isBroken {
                do { try executeScript("ROLLBACK") } catch { mustClose = true }
            }
            throw error
        }
    }

    private func checkForgettingChangedPlan(_ result: QueryResult, of step: PipelineStep) throws -> QueryResult {
        do {
            return try check(result, sql: step.sql)
        } catch let error as DatabaseError where error.code == PreparedStatements.changedResultType {
            if case .prepared(_, let parameters, let sql) = step { forgetPreparedStatement(sql, types: parameters.types) }
            throw error
        }
    }

    /// One message of a pipeline: SQL text without parameters (BEGIN, COMMIT), or a prepared
    /// statement with its arguments.
    enum PipelineStep {
        case text(String)
        case prepared(name: String, parameters: Parameters, sql: String)

        var sql: String {
            switch self {
            case .text(let text): text
            case .prepared(_, _, let sql): sql
            }
        }
    }

    /// Sends every step at once (libpq's pipeline mode) and reads their results, owned and
    /// not yet checked, in order: one round trip. A step after one that failed is skipped by
    /// the server (PGRES_PIPELINE_ABORTED). A connection found cut throws
    /// `LostBeforeFirstStatement`: the caller's first statement was among these steps.
    func pipelined(_ steps: [PipelineStep]) throws -> [QueryResult] {
        guard PQenterPipelineMode(handle) == 1 else {
            throw DatabaseError(result: nil, connection: handle, sql: steps.first?.sql ?? "")
        }
        var sent = true
        for step in steps where sent {
            sent =
                switch step {
                case .text(let text):
                    PQsendQueryParams(handle, text, 0, nil, nil, nil, nil, 0) == 1
                case .prepared(let name, let parameters, _):
                    parameters.withCArrays { PQsendQueryPrepared(handle, name, parameters.count, $0, $1, $2, 0) } == 1
                }
        }
        sent = sent && PQpipelineSync(handle) == 1
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
        guard sent, sawSync, owned.count == steps.count else {
            let error = DatabaseError(result: nil, connection: handle, sql: steps.last?.sql ?? "")
            throw isBroken ? LostBeforeFirstStatement(error: error) : error
        }
        return owned
    }
}
