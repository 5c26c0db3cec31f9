import Testing
@testable import Imaging

/// Each decode runs in a child process (ImagingProbe) whose own peak resident memory is read
/// (VmHWM, reset after a warm-up decode), so the bounds hold for the decode alone. Serialized:
/// two probes at once would only slow each other down.
@Suite(.serialized) struct DecodeMemoryTests {
    private let pictures: LargePictures
    /// What may stay taken after a decode, or be taken by one refused before decoding: caches of
    /// loaded modules, an arena's slack. (Measured: under 7 MB; without the heap trim after a
    /// whole decode, 48 MB stayed after the HEIC and 34 MB after the four PNGs.)
    private let slack = 24 << 20

    init() throws { pictures = try LargePictures.shared.get() }

    @Test func anInterlaced16BitPngTakesNoMoreThanItsEstimateAndGivesItBack() throws {
        // setup
        let estimate = try LargePictures.estimate(of: pictures.interlacedPNG)
        // MUT
        let report = try MemoryProbe.run(budgetMB: 1024, warmUp: pictures.warmUp, [pictures.interlacedPNG])
        // validate
        #expect(report.results == ["ok"])
        #expect(estimate.isWhole && estimate.bytes >= 600 << 20)
        #expect(report.peakOverBaseline <= estimate.bytes)
        #expect(report.afterOverBaseline <= slack)
    }

    @Test func fourInterlacedPngsAtOnceTakeTurnsWithinTheBudget() throws {
        // setup: room for two of them at a time, not four (unbudgeted, four took 2.4 GB here)
        let budgetMB = 1400
        let estimate = try LargePictures.estimate(of: pictures.interlacedPNG)
        #expect(2 * estimate.bytes <= budgetMB << 20 && 3 * estimate.bytes > budgetMB << 20)
        // MUT
        let report = try MemoryProbe.run(budgetMB: budgetMB, warmUp: pictures.warmUp, pictures.interlacedPNGs)
        // validate: all four were made, one after another as memory came free
        #expect(report.results == ["ok", "ok", "ok", "ok"])
        #expect(report.peakOverBaseline <= budgetMB << 20)
        #expect(report.afterOverBaseline <= slack)
    }

    @Test func aDeepHeicThatNeedsMoreThanTheBudgetIsRefusedBeforeDecoding() throws {
        // setup
        let estimate = try LargePictures.estimate(of: pictures.deepHEIC)
        // MUT
        let report = try MemoryProbe.run(budgetMB: 1024, warmUp: pictures.warmUp, [pictures.deepHEIC])
        // validate
        #expect(estimate.bytes > 1024 << 20)
        #expect(
            report.results == [
                """
                tooLargeToDecode decoding it needs about \(ByteCount.text(estimate.bytes)) of memory, more than the 1 GB this \
                server allows for images
                """
            ])
        #expect(report.peakOverBaseline <= slack)
    }

    @Test func aDeepHeicWithinTheBudgetTakesNoMoreThanItsEstimateAndGivesItBack() throws {
        // setup
        let estimate = try LargePictures.estimate(of: pictures.deepHEIC)
        // MUT
        let report = try MemoryProbe.run(budgetMB: 2048, warmUp: pictures.warmUp, [pictures.deepHEIC])
        // validate: the report saw 1.4 GB stay taken after such a decode
        #expect(report.results == ["ok"])
        #expect(report.peakOverBaseline <= estimate.bytes)
        #expect(report.afterOverBaseline <= slack)
    }
}

extension LargePictures {
    static func estimate(of path: String) throws -> DecodeEstimate {
        try ImageProcessor().decodeEstimate(fileAt: path)
    }
}
