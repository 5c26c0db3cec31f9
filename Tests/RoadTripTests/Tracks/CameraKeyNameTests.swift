import Testing
import RoadTrip

/// A camera's name as screens say it: make and model are EXIF text of any length.
@Suite struct CameraKeyNameTests {
    @Test func aShortNameIsSaidWhole() {
        #expect(CameraKey(make: "Canon", model: "Canon EOS R5").name(atMost: 80) == "Canon EOS R5")
        #expect(CameraKey(make: nil, model: nil).name(atMost: 80) == "Unknown camera")
        #expect(CameraKey(make: "Acme", model: String(repeating: "x", count: 75)).name(atMost: 80).count == 80, "exactly at the limit")
    }

    @Test func aLongNameIsCutByCodePointsEvenInsideOneCharacter() {
        let long = CameraKey(make: "Acme", model: String(repeating: "T", count: 10_000))
        // One character of 10,000 combining marks: cutting by characters would keep it whole.
        let stacked = CameraKey(make: nil, model: "e" + String(repeating: "\u{0301}", count: 10_000))

        #expect(long.name(atMost: 80) == "Acme " + String(repeating: "T", count: 74) + "…")
        #expect(stacked.name(atMost: 80).unicodeScalars.count == 80 && stacked.name(atMost: 80).hasSuffix("…"))
        #expect(PlacementPlan.Reason.unknownClock(long).sentence.unicodeScalars.count < 140)
        #expect(long.name(atMost: 0) == "…" && long.name(atMost: .min) == "…", "no trap on a limit of nothing")
    }
}
