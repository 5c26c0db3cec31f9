import Foundation
import HTTPServer
import Synchronization

/// Work that holds a request thread for long (an export written, a keep list answered, a
/// coarse map cell read, an upload's images decoded): a few of each kind at once, and fewer of
/// all of them together than there are request threads, so that a burst of one kind never
/// leaves none for pages and `/healthz`. Its route declares the kind (`RouteDeclaration.bounded`).
enum BoundedWork: String, CaseIterable, Sendable {
    case export, keepList, mapCell, placing, upload, printedBook

    /// What the busy page says RoadTrip is doing for others.
    var busyMessage: String {
        switch self {
        case .export: "RoadTrip is writing other exports just now. Try again in a few seconds."
        case .keepList: "RoadTrip is listing what other devices keep just now. Try again in a few seconds."
        case .mapCell: "RoadTrip is gathering other large parts of the map just now. Try again in a few seconds."
        case .placing: "RoadTrip is placing other photos just now. Nothing was changed: try again in a few seconds."
        case .upload: "RoadTrip is importing other uploads just now. Nothing of this one was imported: send it again in a few seconds."
        case .printedBook: "RoadTrip is making other printed books just now. Try again in a minute."
        }
    }
}

/// How much bounded work runs at once: counted per kind and in all, refused beyond (503 with
/// `Retry-After`), never queued (a queued request would hold its thread while it waits).
public final class WorkAdmission: Sendable {
    public struct Limits: Sendable, Equatable {
        /// At once of one kind.
        public let perKind: Int
        /// At once of all kinds together.
        public let total: Int

        public init(perKind: Int, total: Int) {
            self.perKind = max(1, perKind)
            self.total = max(1, total)
        }

        /// Bounds that leave threads free: of all kinds together one thread fewer than the
        /// server has, of one kind half of them.
        public static func leavingThreadsFree(requestThreads: Int) -> Limits {
            let threads = max(2, requestThreads)
            return Limits(perKind: max(1, threads / 2), total: threads - 1)
        }

        /// The threads the server starts with on SQLite (`Instance.threadPoolSize`), the fewest it has.
        public static let standard = leavingThreadsFree(requestThreads: ProcessInfo.processInfo.activeProcessorCount * 2)
    }

    /// Seconds a refused request is told to wait.
    static let retryAfter = 5

    let limits: Limits
    private let running = Mutex<[BoundedWork: Int]>([:])

    init(limits: Limits) {
        self.limits = limits
    }

    /// Runs `work` when its kind, and all kinds together, are within their bounds; throws a 503 otherwise.
    func run<T>(_ kind: BoundedWork, _ work: () throws -> T) throws -> T {
        guard enter(kind) else { throw HTTPError(status: .serviceUnavailable, message: kind.busyMessage, retryAfter: Self.retryAfter) }
        defer { leave(kind) }
        return try work()
    }

    /// Takes a place for `kind`; false, and nothing taken, when none is free.
    func enter(_ kind: BoundedWork) -> Bool {
        running.withLock { running in
            guard running[kind, default: 0] < limits.perKind, running.values.reduce(0, +) < limits.total else { return false }
            running[kind, default: 0] += 1
            return true
        }
    }

    func leave(_ kind: BoundedWork) {
        running.withLock { $0[kind, default: 0] -= 1 }
    }

    /// Work of this kind in progress.
    func inProgress(_ kind: BoundedWork) -> Int {
        running.withLock { $0[kind, default: 0] }
    }
}

extension App {
    /// The bounds this app's long work runs within.
    public var workLimits: WorkAdmission.Limits { work.limits }
}
