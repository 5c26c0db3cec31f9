import SQLDatabase
import Testing

/// Runs every test of a suite on each engine, SQLite then PostgreSQL. The suite makes its
/// database in `init` on `DatabaseEngine.current`, and each test is written once, without an
/// engine of its own:
///
///     @Suite(.onEachEngine) struct SessionStoreTests {
///         let fixture: AccountsFixture
///         init() throws { fixture = try AccountsFixture(engine: .current) }
///         @Test func aSessionEndsAfter30DaysEvenWhenUsedEveryDay() throws { … }
///     }
///
/// Both runs are one test case, so this calls the test's body twice where Swift Testing's
/// scoping traits usually call it once (Swift Testing's own repetitions do the same): every
/// issue a run records names its engine ("on PostgreSQL"), and an error thrown on one engine
/// is recorded as an issue of that engine and does not keep the other from running.
public struct EachEngine: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public init() {}

    /// Each test case, not the suite or the function around it: a suite's `init` runs once
    /// per test case, inside this scope.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        for engine in allEngines {
            try await Self.naming(engine).provideScope(for: test, testCase: testCase) {
                try await DatabaseEngine.$running.withValue(engine) {
                    do {
                        try await function()
                    } catch is ExpectationFailedError {
                        // A failed #require: its issue is already recorded, and named.
                    } catch let cancelled as CancellationError {
                        throw cancelled
                    } catch {
                        Issue.record(error, sourceLocation: test.sourceLocation)
                    }
                }
            }
        }
    }

    /// Adds the engine to every issue recorded in its run.
    private static func naming(_ engine: DatabaseEngine) -> IssueHandlingTrait {
        .compactMapIssues { issue in
            var named = issue
            named.comments.append(Comment(rawValue: "on \(engine.rawValue)"))
            return named
        }
    }
}

extension Trait where Self == EachEngine {
    /// Every test on SQLite and on PostgreSQL; see `EachEngine`.
    public static var onEachEngine: Self { Self() }
}

extension DatabaseEngine {
    @TaskLocal fileprivate static var running: DatabaseEngine?

    /// The engine of the run in progress under `.onEachEngine`. Throws anywhere else, so that
    /// a suite without the trait fails rather than quietly testing one engine.
    public static var current: DatabaseEngine {
        get throws {
            guard let running else {
                throw TestServerError(description: "DatabaseEngine.current is only known in a suite or test marked .onEachEngine")
            }
            return running
        }
    }
}
