import Testing
@testable import Imaging

/// An EXIF field that is there but impossible is left out of an otherwise fine photo, with a
/// sentence that says which and what became of the photo.
@Suite struct ExifWarningTests {
    private func decode(_ fields: [ExifField]) -> (metadata: PhotoMetadata, warnings: [String]) {
        ExifDecoding.decoded(ExifEncoding.block(of: fields))
    }

    private func position(
        latitude: [(UInt32, UInt32)], _ latitudeRef: String = "N",
        longitude: [(UInt32, UInt32)] = [(10, 1)]
    ) -> [ExifField] {
        [
            ExifField(.gps, ExifTagNumber.gpsLatitudeRef, .ascii(latitudeRef)),
            ExifField(.gps, ExifTagNumber.gpsLatitude, .rationals(latitude)),
            ExifField(.gps, ExifTagNumber.gpsLongitudeRef, .ascii("E")),
            ExifField(.gps, ExifTagNumber.gpsLongitude, .rationals(longitude)),
        ]
    }

    @Test func aLatitudeBeyondThePoleIsLeftOutSayingSo() {
        // MUT
        let (metadata, warnings) = decode(position(latitude: [(512, 1), (0, 1), (0, 1)]))
        // validate
        #expect(metadata.latitude == nil && metadata.longitude == nil)
        #expect(warnings == ["its GPS latitude 512° is not a position on Earth; imported without a position"])
    }

    @Test func aLongitudeDividedByZeroOrWithoutItsReferenceIsLeftOutSayingSo() {
        // MUT
        let zero = decode(position(latitude: [(51, 1)], longitude: [(10, 0)]))
        let noReference = decode(position(latitude: [(51, 1)], "X"))
        // validate
        #expect(zero.metadata.latitude == nil)
        #expect(zero.warnings == ["its GPS longitude divides by zero; imported without a position"])
        #expect(noReference.metadata.longitude == nil)
        #expect(noReference.warnings == ["its GPS latitude has no N or S reference; imported without a position"])
    }

    @Test func halfAPositionIsLeftOutSayingSo() {
        // MUT
        let (metadata, warnings) = decode(Array(position(latitude: [(51, 1)]).prefix(2)))
        // validate
        #expect(metadata.latitude == nil)
        #expect(warnings == ["its GPS position has only a latitude; imported without a position"])
    }

    @Test func anOrientationEXIFDoesNotHaveIsMadeUprightSayingSo() {
        // MUT
        let (metadata, warnings) = decode([ExifField(.image, ExifTagNumber.orientation, .short(9))])
        // validate
        #expect(metadata.orientation == 1)
        #expect(warnings == ["its orientation 9 is not one of EXIF's 1 to 8; imported upright"])
    }

    @Test func aDateThatIsNoCalendarDateIsLeftOutSayingSoAndAnotherDateIsUsed() {
        // MUT
        let alone = decode([ExifField(.photo, ExifTagNumber.dateTimeOriginal, .ascii("2023:04:31 10:00:00"))])
        let withFallback = decode([
            ExifField(.photo, ExifTagNumber.dateTimeOriginal, .ascii("2023:13:01 10:00:00")),
            ExifField(.image, ExifTagNumber.dateTime, .ascii("2023:04:30 10:00:00")),
        ])
        // validate
        #expect(alone.metadata.takenAt == nil)
        #expect(alone.warnings == ["its date taken \"2023:04:31 10:00:00\" is not a real date and time; imported without a date"])
        #expect(withFallback.metadata.takenAt == "2023-04-30T10:00:00")
        #expect(withFallback.warnings == ["its date taken \"2023:13:01 10:00:00\" is not a real date and time; dated by its date"])
    }

    /// Cameras without a clock write zeros or blanks: that is no date, not a wrong one.
    @Test func aCameraWithoutAClockIsNoWarning() {
        // MUT
        let (metadata, warnings) = decode([
            ExifField(.photo, ExifTagNumber.dateTimeOriginal, .ascii("0000:00:00 00:00:00")),
            ExifField(.photo, ExifTagNumber.dateTimeDigitized, .ascii("    :  :     :  :  ")),
        ])
        // validate
        #expect(metadata.takenAt == nil)
        #expect(warnings.isEmpty)
    }

    @Test func aFinePhotoHasNoWarnings() {
        // MUT
        let (metadata, warnings) = decode(
            ExifField.fields(for: PhotoMetadata(takenAt: "2024-05-01T10:00:00", latitude: -33.8, longitude: 151.2, orientation: 6)))
        // validate
        #expect(metadata.latitude == -33.8 && metadata.orientation == 6 && metadata.takenAt == "2024-05-01T10:00:00")
        #expect(warnings.isEmpty)
    }

    /// Tests write impossible positions through `sexagesimal`; before, 1e300 or infinity trapped in UInt64(_:).
    @Test(arguments: [1e300, Double.infinity, Double.nan, -5, 4_294_967_296.5])
    func degreesTooLargeToWriteAreWrittenAsTheLargestThereIs(degrees: Double) {
        // MUT
        let parts = ExifField.sexagesimal(degrees)
        // validate
        let expected: UInt32 = degrees.isNaN || degrees < 0 ? 0 : UInt32.max
        #expect(parts[0] == (expected, 1))
        #expect(parts[1].0 < 60 && parts[2].0 < 600_000)
    }

    @Test func degreesAreWrittenToATenThousandthOfASecond() {
        // MUT
        let parts = ExifField.sexagesimal(51.5 + 7.0 / 3600)
        let almostWhole = ExifField.sexagesimal(11.99999999999)
        // validate
        #expect(parts.map(\.0) == [51, 30, 70_000])
        #expect(almostWhole.map(\.0) == [12, 0, 0])
    }
}
