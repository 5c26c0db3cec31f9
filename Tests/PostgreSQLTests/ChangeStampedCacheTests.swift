import SQLDatabase
import Testing

@Suite struct ChangeStampedCacheTests {
    @Test func aValueIsFoundUnderItsStampOnly() {
        let cache = ChangeStampedCache<String, Int>(costLimit: 10)

        cache.keep(1, for: "a", at: 5)

        #expect(cache.value(for: "a", at: 5) == 1)
        #expect(cache.value(for: "a", at: 6) == nil)
        #expect(cache.value(for: "a", at: 4) == nil)
        #expect(cache.value(for: "b", at: 5) == nil)
    }

    @Test func aNewerStampDropsEverythingKeptBefore() {
        let cache = ChangeStampedCache<String, Int>(costLimit: 10)
        cache.keep(1, for: "a", at: 5)
        cache.keep(2, for: "b", at: 5)

        cache.keep(3, for: "c", at: 6)

        #expect(cache.count == 1)
        #expect(cache.value(for: "c", at: 6) == 3)
        #expect(cache.value(for: "a", at: 5) == nil)
    }

    @Test func aValueReadUnderAnOlderStampIsNotKept() {
        let cache = ChangeStampedCache<String, Int>(costLimit: 10)
        cache.keep(2, for: "b", at: 6)

        // A request that took its stamp before a change, and finished after another had kept its page.
        cache.keep(1, for: "a", at: 5)

        #expect(cache.value(for: "a", at: 5) == nil)
        #expect(cache.value(for: "b", at: 6) == 2)
    }

    @Test func keepingPastTheLimitEmptiesTheCacheFirst() {
        let cache = ChangeStampedCache<String, Int>(costLimit: 10)
        cache.keep(1, for: "a", at: 1, cost: 4)
        cache.keep(2, for: "b", at: 1, cost: 4)

        cache.keep(3, for: "c", at: 1, cost: 4)

        #expect(cache.count == 1)
        #expect(cache.value(for: "c", at: 1) == 3)
    }

    @Test func keepingAgainReplacesTheValueAndItsCost() {
        let cache = ChangeStampedCache<String, Int>(costLimit: 10)
        cache.keep(1, for: "a", at: 1, cost: 6)

        cache.keep(2, for: "a", at: 1, cost: 6)
        cache.keep(3, for: "b", at: 1, cost: 4)

        #expect(cache.value(for: "a", at: 1) == 2, "the first cost was given back, so both fit")
        #expect(cache.value(for: "b", at: 1) == 3)
    }

    @Test func aValueDearerThanTheLimitIsNeverKept() {
        let cache = ChangeStampedCache<String, Int>(costLimit: 10)
        cache.keep(1, for: "a", at: 1, cost: 4)

        cache.keep(2, for: "b", at: 1, cost: 11)

        #expect(cache.value(for: "b", at: 1) == nil)
        #expect(cache.value(for: "a", at: 1) == 1, "what was kept stays")
    }

    @Test func aLimitOfZeroKeepsNothing() {
        let cache = ChangeStampedCache<String, Int>(costLimit: 0)

        cache.keep(1, for: "a", at: 1)

        #expect(cache.count == 0)
    }
}
