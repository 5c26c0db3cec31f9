import Foundation
import TestSupport

/// The built `roadtrip` executable run as a child process, as a person runs it. Its
/// environment is the test's without any RoadTrip or XDG settings, and with HOME in the
/// test's scratch folder, so nothing lands in a real home folder.
enum RoadTripProcess {
    /// Starts `roadtrip` with `arguments`; `input` is what it reads on standard input (nothing when nil).
    static func start(_ arguments: [String], environment overrides: [String: String] = [:], input: String? = nil, scratch: URL) throws
        -> ChildProcess
    {
        var environment = ProcessInfo.processInfo.environment
        environment["ROADTRIP_DATA"] = nil
        environment["XDG_DATA_HOME"] = nil
        environment["HOME"] = scratch.appendingPathComponent("home").path
        environment.merge(overrides) { $1 }
        return try ChildProcess(try BuiltProducts.executable("roadtrip"), arguments, environment: environment, input: input)
    }

    /// Runs a command to its end (at most a minute).
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil, scratch: URL) throws -> CommandResult
    {
        try start(arguments, environment: environment, input: input, scratch: scratch).waitForExit(within: 60)
    }
}
