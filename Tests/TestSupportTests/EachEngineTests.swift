import SQLDatabase
import Synchronization
import TestDatabases
import TestSupport
import Testing

/// `.onEachEngine` itself, called as Swift Testing calls it for a test case.
@Suite struct EachEngineTests {
    @Test func theBodyRunsOnSQLiteThenOnPostgreSQL() async throws {
        // setup
        let engines = Recorder<DatabaseEngine>()

        // MUT
        try await EachEngine().provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
            engines.record(try DatabaseEngine.current)
        }

        // validate
        #expect(engines.all == [.sqlite, .postgreSQL])
    }

    @Test func anErrorOnOneEngineIsRecordedAndTheOtherStillRuns() async throws {
        // setup
        struct Refused: Error {}
        let engines = Recorder<DatabaseEngine>()

        // MUT
        try await withKnownIssue {
            try await EachEngine().provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
                let engine = try DatabaseEngine.current
                engines.record(engine)
                if engine == .sqlite { throw Refused() }
            }
        } matching: { issue in
            issue.error is Refused
        }

        // validate
        #expect(engines.all == [.sqlite, .postgreSQL])
    }

    @Test func outsideTheTraitNoEngineIsChosen() {
        #expect(throws: (any Error).self) { try DatabaseEngine.current }
    }
}
