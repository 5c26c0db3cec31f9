import Foundation
import Testing
@testable import Imaging

@Suite struct DecodeBudgetTests {
    @Test func aDecodeNeedingMoreThanTheWholeBudgetIsRefusedWithHowMuchItNeeds() throws {
        // setup
        let budget = DecodeBudget(capacity: 512 << 20, longestWait: .zero)
        // MUT
        let error = #expect(throws: ImagingError.self) { try budget.spending(600 << 20) { () throws(ImagingError) in } }
        // validate
        #expect(
            error
                == ImagingError(
                    .tooLargeToDecode, "decoding it needs about 600 MB of memory, more than the 512 MB this server allows for images"))
        #expect(budget.inUse == 0)
    }

    @Test func aDecodeThatDoesNotFitBesideOthersIsRefusedAsBusyOnceItsWaitIsOver() throws {
        // setup
        let budget = DecodeBudget(capacity: 100 << 20, longestWait: .zero)
        // MUT
        let error = try budget.spending(60 << 20) { () throws(ImagingError) -> ImagingError? in
            #expect(budget.inUse == 60 << 20)
            return #expect(throws: ImagingError.self) { try budget.spending(50 << 20) { () throws(ImagingError) in } }
        }
        // validate
        #expect(error?.kind == .busy)
        #expect(error?.description.hasPrefix("the server is busy decoding other images") == true)
        #expect(budget.inUse == 0)
    }

    @Test func decodesThatFitTogetherRunTogether() throws {
        // setup
        let budget = DecodeBudget(capacity: 100 << 20, longestWait: .zero)
        // MUT
        let inner = try budget.spending(60 << 20) { () throws(ImagingError) in
            try budget.spending(40 << 20) { () throws(ImagingError) in budget.inUse }
        }
        // validate
        #expect(inner == 100 << 20)
    }

    @Test func theBudgetComesBackWhenTheDecodeFails() throws {
        // setup
        let budget = DecodeBudget(capacity: 100 << 20, longestWait: .zero)
        // MUT
        #expect(throws: ImagingError.self) { try budget.spending(80 << 20) { () throws(ImagingError) in throw .corrupt("") } }
        // validate
        #expect(budget.inUse == 0)
        #expect(throws: Never.self) { try budget.spending(100 << 20) { () throws(ImagingError) in } }
    }

    @Test func aWaitingDecodeGoesOnceMemoryIsFree() async throws {
        // setup: the first decode holds all of it until the second is waiting
        let budget = DecodeBudget(capacity: 100 << 20, longestWait: .seconds(60))
        let held = AsyncStream<Void>.makeStream()
        // MUT
        let first = Task.detached {
            try budget.spending(100 << 20) { () throws(ImagingError) in
                held.continuation.yield()
                while budget.waiting == 0 { usleep(1000) }
            }
        }
        for await _ in held.stream { break }
        let second = try budget.spending(100 << 20) { () throws(ImagingError) in budget.inUse }
        // validate
        try await first.value
        #expect(second == 100 << 20)
        #expect(budget.inUse == 0)
    }

    @Test(arguments: [(1 << 30, 512 << 20), (8 << 30, 2 << 30), (24 << 30, 2 << 30), (4 << 30, 1 << 30)])
    func theDefaultIsAQuarterOfMemoryBetween512MBAnd2GB(memory: Int, capacity: Int) {
        #expect(DecodeBudget.defaultCapacity(usableMemory: memory) == capacity)
    }
}
