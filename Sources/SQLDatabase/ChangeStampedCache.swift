import Foundation

/// Values read from a database, kept while its change stamp (`Database.changeStamp()`) stays
/// the same: any commit anywhere makes them all stale at once, so the cache holds the values
/// of the newest stamp it has seen and empties itself when a newer one comes.
///
/// Bounded by a total cost (bytes, or 1 a value): keeping past it empties the cache first,
/// so memory never grows with the traffic. A limit of 0 keeps nothing.
///
/// `@unchecked Sendable` is sound because every stored property is read and written only
/// while `lock` is held.
public final class ChangeStampedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stamp: UInt64 = 0
    private var entries: [Key: (value: Value, cost: Int)] = [:]
    private var cost = 0
    public let costLimit: Int

    public init(costLimit: Int) {
        self.costLimit = costLimit
    }

    /// The value kept for `key` under `stamp`, if any.
    public func value(for key: Key, at stamp: UInt64) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        guard self.stamp == stamp else { return nil }
        return entries[key]?.value
    }

    /// Keeps `value`, read after `stamp` was taken. A value read under an older stamp than the
    /// newest seen is not kept; a newer stamp drops everything kept before.
    public func keep(_ value: Value, for key: Key, at stamp: UInt64, cost valueCost: Int = 1) {
        guard valueCost <= costLimit else { return }
        lock.lock()
        defer { lock.unlock() }
        guard stamp >= self.stamp else { return }
        if stamp > self.stamp {
            self.stamp = stamp
            removeAll()
        }
        if let old = entries.removeValue(forKey: key) { cost -= old.cost }
        if cost + valueCost > costLimit { removeAll() }
        entries[key] = (value, valueCost)
        cost += valueCost
    }

    /// How many values are kept now.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }

    private func removeAll() {
        entries.removeAll(keepingCapacity: true)
        cost = 0
    }
}
