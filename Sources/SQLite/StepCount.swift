import Synchronization

/// A count of virtual-machine steps shared by a database's connections (`SQLiteDatabase.stepsTaken`).
final class StepCount: Sendable {
    private let count = Atomic<Int64>(0)

    func add(_ steps: Int64) {
        count.add(steps, ordering: .relaxed)
    }

    var total: Int64 {
        count.load(ordering: .relaxed)
    }
}
