import TestSupport
import Testing
@testable import Imaging

/// SyntheticPhoto writes real EXIF with libexif; inspect reads it back, in every format that can carry it.
@Suite struct ExifRoundTripTests {
    private let processor = ImageProcessor()

    private func roundTrip(_ metadata: PhotoMetadata, as format: ImageFormat) throws -> InspectedImage {
        let folder = try TemporaryFolder()
        let path = try TestPhotos.make(in: folder, format: format, width: 64, height: 48, metadata: metadata)
        return try processor.inspect(fileAt: path)
    }

    private func expectClose(_ actual: Double?, _ expected: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let actual else {
            Issue.record("expected \(expected), got nil", sourceLocation: sourceLocation)
            return
        }
        // Seconds are stored to 1/10000, about 3 mm.
        #expect(abs(actual - expected) < 1e-7, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ImageFormat.allCases)
    func everyFieldSurvivesTheRoundTrip(format: ImageFormat) throws {
        // setup
        let written = PhotoMetadata(
            takenAt: "2024-02-29T23:59:58", latitude: 48.858370, longitude: 2.294481,
            orientation: 3, cameraMake: "FUJIFILM", cameraModel: "X-T5",
            imageDescription: "Tour Eiffel, été",
            keywords: ["Paris", "Tour Eiffel", "été 2024"])
        // MUT
        let read = try roundTrip(written, as: format)
        // validate
        #expect(read.header.format == format)
        #expect(read.metadata.takenAt == written.takenAt)
        expectClose(read.metadata.latitude, 48.858370)
        expectClose(read.metadata.longitude, 2.294481)
        #expect(read.metadata.orientation == 3)
        #expect(read.metadata.cameraMake == "FUJIFILM")
        #expect(read.metadata.cameraModel == "X-T5")
        #expect(read.metadata.imageDescription == "Tour Eiffel, été")
        #expect(read.metadata.keywords == ["Paris", "Tour Eiffel", "été 2024"])
    }

    @Test(arguments: ImageFormat.allCases)
    func keywordsAreTrimmedAndDeduplicatedWhenRead(format: ImageFormat) throws {
        // setup: keywords are written as given, so the file holds "Café; Lisboa;  ;café"
        let written = PhotoMetadata(keywords: ["Café; Lisboa;  ;café"])
        // MUT
        let read = try roundTrip(written, as: format)
        // validate
        #expect(read.metadata.keywords == ["Café", "Lisboa"])
    }

    @Test(arguments: ImageFormat.allCases)
    func southernAndWesternCoordinatesAreNegative(format: ImageFormat) throws {
        // setup
        let written = PhotoMetadata(latitude: -22.951916, longitude: -43.210487)
        // MUT
        let read = try roundTrip(written, as: format)
        // validate
        expectClose(read.metadata.latitude, -22.951916)
        expectClose(read.metadata.longitude, -43.210487)
    }

    @Test(arguments: ImageFormat.allCases)
    func aPhotoWithoutGPSHasNoPosition(format: ImageFormat) throws {
        // setup
        let written = PhotoMetadata(takenAt: "2020-01-01T00:00:00", cameraMake: "Apple")
        // MUT
        let read = try roundTrip(written, as: format)
        // validate
        #expect(read.metadata.latitude == nil)
        #expect(read.metadata.longitude == nil)
        #expect(read.metadata.takenAt == "2020-01-01T00:00:00")
        #expect(read.metadata.cameraMake == "Apple")
        #expect(read.metadata.cameraModel == nil)
    }

    @Test(arguments: ImageFormat.allCases)
    func aZeroDateIsNoDate(format: ImageFormat) throws {
        // setup: cameras without a clock write zeros
        let written = PhotoMetadata(takenAt: "0000-00-00T00:00:00", cameraModel: "Clockless")
        // MUT
        let read = try roundTrip(written, as: format)
        // validate
        #expect(read.metadata.takenAt == nil)
        #expect(read.metadata.cameraModel == "Clockless")
    }

    @Test(arguments: ImageFormat.allCases)
    func orientationSixIsReadFromExif(format: ImageFormat) throws {
        // setup
        let written = PhotoMetadata(orientation: 6)
        // MUT
        let read = try roundTrip(written, as: format)
        // validate
        #expect(read.metadata.orientation == 6)
    }

    @Test(arguments: ImageFormat.allCases)
    func aCoordinateOutOfRangeIsNoPosition(format: ImageFormat) throws {
        // setup
        let written = PhotoMetadata(latitude: 95, longitude: 10)
        // MUT
        let read = try roundTrip(written, as: format)
        // validate
        #expect(read.metadata.latitude == nil)
        #expect(read.metadata.longitude == nil)
    }

    @Test func aPhotoWithNoMetadataReadsAsDefaults() throws {
        // MUT
        let read = try roundTrip(PhotoMetadata(), as: .png)
        // validate
        #expect(read.metadata == PhotoMetadata())
    }
}
