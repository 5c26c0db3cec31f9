import Testing
@testable import Imaging

/// Reading EXIF that SyntheticPhoto would never write: fallbacks, padding, missing or broken parts.
@Suite struct ExifDecodingTests {
    private func decode(_ fields: [ExifField]) -> PhotoMetadata {
        ExifDecoding.metadata(from: ExifEncoding.block(of: fields))
    }

    private let gps: [ExifField] = [
        ExifField(.gps, ExifTagNumber.gpsLatitudeRef, .ascii("N")),
        ExifField(.gps, ExifTagNumber.gpsLatitude, .rationals([(51, 1), (30, 1), (0, 1)])),
        ExifField(.gps, ExifTagNumber.gpsLongitudeRef, .ascii("W")),
        ExifField(.gps, ExifTagNumber.gpsLongitude, .rationals([(0, 1), (7, 1), (3000, 100)])),
    ]

    @Test func dateTimeDigitizedIsUsedWhenOriginalIsMissing() {
        // setup
        let fields = [
            ExifField(.photo, ExifTagNumber.dateTimeDigitized, .ascii("2019:05:06 07:08:09")),
            ExifField(.image, ExifTagNumber.dateTime, .ascii("2021:01:01 00:00:00")),
        ]
        // MUT
        let metadata = decode(fields)
        // validate
        #expect(metadata.takenAt == "2019-05-06T07:08:09")
    }

    /// The description becomes a photo's title, and make and model its camera: shown, so cleaned.
    @Test func textDirectionOverridesAreRemovedFromShownText() {
        // setup
        let fields = [
            ExifField(.image, ExifTagNumber.imageDescription, .ascii("Harbour\u{202E}gpj.exe")),
            ExifField(.image, ExifTagNumber.make, .ascii("\u{2066}Fujifilm\u{2069}")),
        ]
        // MUT
        let metadata = decode(fields)
        // validate
        #expect(metadata.imageDescription == "Harbourgpj.exe")
        #expect(metadata.cameraMake == "Fujifilm")
    }

    @Test func dateTimeIsTheLastResort() {
        // setup
        let fields = [
            ExifField(.photo, ExifTagNumber.dateTimeOriginal, .ascii("    :  :     :  :  ")),
            ExifField(.image, ExifTagNumber.dateTime, .ascii("2021:12:31 23:59:59")),
        ]
        // MUT
        let metadata = decode(fields)
        // validate
        #expect(metadata.takenAt == "2021-12-31T23:59:59")
    }

    @Test(
        arguments: [
            ("2023:02:29 10:00:00", nil), ("2024:02:29 10:00:00", "2024-02-29T10:00:00"),
            ("2023:13:01 10:00:00", nil), ("2023:04:31 10:00:00", nil), ("2023:04:30 24:00:00", nil),
            ("2023-04-30T08:15:00", "2023-04-30T08:15:00"), ("2023:04:30", nil),
            ("2023:04:30 08:15:00.123", "2023-04-30T08:15:00"), ("", nil),
        ] as [(String, String?)])
    func datesAreCheckedAgainstTheCalendar(text: String, expected: String?) {
        // MUT
        let normalised = ExifDate.normalised(text)
        // validate
        #expect(normalised == expected)
    }

    @Test func textIsTrimmedOfPaddingAndNULs() {
        // setup: cameras pad fixed-width fields with spaces or NULs
        let fields = [
            ExifField(.image, ExifTagNumber.make, .bytes(Array("NIKON CORPORATION   ".utf8) + [0, 0, 0])),
            ExifField(.image, ExifTagNumber.model, .ascii("  NIKON Z 6\u{0}junk")),
            ExifField(.image, ExifTagNumber.imageDescription, .ascii("          ")),
        ]
        // MUT
        let metadata = decode(fields)
        // validate
        #expect(metadata.cameraMake == nil)  // BYTE is not a text format
        #expect(metadata.cameraModel == "NIKON Z 6")
        #expect(metadata.imageDescription == nil)
    }

    @Test func paddedAsciiTextIsTrimmed() {
        // setup
        let fields = [ExifField(.image, ExifTagNumber.make, .ascii("NIKON CORPORATION   \u{0}\u{0}"))]
        // MUT
        let metadata = decode(fields)
        // validate
        #expect(metadata.cameraMake == "NIKON CORPORATION")
    }

    @Test func degreesMinutesAndSecondsAreAdded() {
        // MUT
        let metadata = decode(gps)
        // validate
        #expect(metadata.latitude == 51.5)
        #expect(abs((metadata.longitude ?? 0) - -(7.0 / 60 + 30.0 / 3600)) < 1e-12)
    }

    @Test func aMissingReferenceLeavesNoPosition() {
        // setup: without "S" or "N" the sign would be a guess
        let fields = gps.filter { $0.tag != ExifTagNumber.gpsLatitudeRef }
        // MUT
        let metadata = decode(fields)
        // validate
        #expect(metadata.latitude == nil)
        #expect(metadata.longitude == nil)
    }

    @Test func aLatitudeWithoutLongitudeLeavesNoPosition() {
        // setup
        let fields = Array(gps.prefix(2))
        // MUT
        let metadata = decode(fields)
        // validate
        #expect(metadata.latitude == nil)
        #expect(metadata.longitude == nil)
    }

    @Test func aZeroDenominatorLeavesNoPosition() {
        // setup: some cameras write 0/0 when they have no fix
        var fields = gps
        fields[1] = ExifField(.gps, ExifTagNumber.gpsLatitude, .rationals([(0, 0), (0, 0), (0, 0)]))
        // MUT
        let metadata = decode(fields)
        // validate
        #expect(metadata.latitude == nil)
    }

    @Test func gpsTagsOutsideTheGpsSectionAreIgnored() {
        // setup: tag 2 in the main section is not GPSLatitude
        let fields = gps.map { ExifField(.image, $0.tag, $0.value) }
        // MUT
        let metadata = decode(fields)
        // validate
        #expect(metadata.latitude == nil)
    }

    @Test(arguments: [0, 9, 300])
    func anInvalidOrientationIsOne(value: Int) {
        // setup
        let fields = [ExifField(.image, ExifTagNumber.orientation, .short(UInt16(value)))]
        // MUT
        let metadata = decode(fields)
        // validate
        #expect(metadata.orientation == 1)
    }

    @Test func aBlockWithoutTheExifPrefixIsRead() {
        // setup: PNG's eXIf chunk holds the TIFF structure alone
        let block = ExifEncoding.block(of: [ExifField(.image, ExifTagNumber.model, .ascii("Pixel 8"))])
        let bare = Array(block.dropFirst(6))
        // MUT
        let metadata = ExifDecoding.metadata(from: bare)
        // validate
        #expect(bare.starts(with: [0x49, 0x49, 0x2A, 0x00]))
        #expect(metadata.cameraModel == "Pixel 8")
    }

    @Test(arguments: [
        [], [0x45, 0x78], Array("Exif".utf8) + [0, 0, 0x49, 0x49, 0x2A, 0, 0xFF, 0xFF, 0xFF, 0x7F],
        [UInt8](repeating: 0xAB, count: 300),
    ])
    func garbageReadsAsNoMetadata(block: [UInt8]) {
        // MUT
        let metadata = ExifDecoding.metadata(from: block)
        // validate
        #expect(metadata == PhotoMetadata())
    }
}
