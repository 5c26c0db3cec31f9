import Foundation
import Imaging
import SQLDatabase
import SQLite
import Testing
@testable import RoadTrip

@Suite struct PhotoImportTests {
    @Test(arguments: DatabaseEngine.allCases) func importingStoresTheOriginalUnderItsDigestAndReadsItsEXIF(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let path = try fixture.draw("Bow Bridge.jpg", at: Spot.centralPark, takenAt: "2024-10-19T09:12:40", description: "Autumn morning")

        // MUT
        let outcome = fixture.importPhoto(path)

        // validate
        guard case .imported(let photo, _) = outcome else { Issue.record("not imported: \(outcome)"); return }
        #expect(photo.title == "Bow Bridge")
        #expect(photo.description == "Autumn morning")
        #expect(photo.takenAt == "2024-10-19T09:12:40")
        #expect(abs((photo.latitude ?? 0) - 40.7752) < 0.0001)
        #expect(abs((photo.longitude ?? 0) + 73.9716) < 0.0001)
        #expect(photo.camera == "Fujifilm X-T5")
        #expect(photo.placeID == PhotosFixture.newYork.id)
        #expect((photo.width, photo.height) == (320, 240))
        let original = fixture.photos.files.original(sha256: photo.sha256, format: .jpeg)
        #expect(FileManager.default.contentsEqual(atPath: original, andPath: path))
        #expect(original.hasSuffix("/originals/\(photo.sha256.prefix(2))/\(photo.sha256).jpg"))
        #expect(FileManager.default.fileExists(atPath: fixture.photos.files.rendition(.thumbnail, sha256: photo.sha256)))
        #expect(FileManager.default.fileExists(atPath: fixture.photos.files.rendition(.preview, sha256: photo.sha256)))
    }

    @Test(arguments: DatabaseEngine.allCases) func theSamePhotoTwiceIsStoredOnceWhateverItsName(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let path = try fixture.draw("a.jpg", at: Spot.centralPark)
        let copy = fixture.source.appendingPathComponent("copy of a.jpg").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let first = fixture.importPhoto(path)

        // MUT
        let second = fixture.importPhoto(copy)

        // validate
        #expect(second == .alreadyThere(first.photo!))
        #expect(try fixture.photos.count == 1)
        #expect(fixture.files(under: "originals").count == 1)
        #expect(try fixture.photos.place(id: PhotosFixture.newYork.id)?.photoCount == 1)
    }

    @Test(arguments: [ImageFormat.png, .webp])
    func otherFormatsKeepTheirFormatAndEXIF(format: ImageFormat) throws {
        // setup
        let fixture = try PhotosFixture()
        let path = try fixture.draw("Bridge.\(format.fileExtension)", format: format, at: Spot.goldenGate)

        // MUT
        let photo = fixture.importPhoto(path).photo

        // validate
        #expect(photo?.format == format)
        #expect(photo?.placeID == PhotosFixture.sanFrancisco.id)
        #expect(fixture.files(under: "originals").first?.hasSuffix(".\(format.fileExtension)") == true)
    }

    @Test(arguments: DatabaseEngine.allCases) func aPhotoFarFromAnyPlaceOrWithoutAPositionHasNoPlace(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let atSea = try fixture.draw("sea.jpg", seed: 2, at: Spot.midAtlantic)
        let nowhere = try fixture.draw("nowhere.jpg", seed: 3, at: nil)

        // MUT
        let outcomes = [fixture.importPhoto(atSea), fixture.importPhoto(nowhere)]

        // validate
        #expect(outcomes.map { $0.photo?.placeID } == [nil, nil])
        #expect(try fixture.photos.photosWithoutPlace() == 2)
        #expect(try fixture.photos.places(order: .byCountry).isEmpty)
    }

    @Test(arguments: DatabaseEngine.allCases) func theFileNameIsOnlyATitleNeverAPath(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let path = try fixture.draw("x.jpg")

        // MUT
        let photo = fixture.importPhoto(path, name: "../../etc/passwd\u{7}.jpg").photo

        // validate
        #expect(photo?.title == "passwd")
        #expect(fixture.files(under: "originals").allSatisfy { !$0.contains("passwd") })
        #expect(PhotoStore.title(fromFileName: "") == "")
        #expect(PhotoStore.title(fromFileName: "IMG_0042.JPG") == "IMG_0042")
        #expect(PhotoStore.title(fromFileName: ".hidden") == ".hidden")
        // A Pixel's marks go: both halves of a Motion Photo, and a long shot, are "PXL_1"
        #expect(
            ["PXL_1.MP.jpg", "PXL_1.MP", "PXL_1.MP~2.jpg", "PXL_1.MP~2", "PXL_1.LS.mp4", "pxl_1.mp.JPG"].map(
                PhotoStore.title(fromFileName:))
                == ["PXL_1", "PXL_1", "PXL_1", "PXL_1", "PXL_1", "pxl_1"])
        #expect(PhotoStore.title(fromFileName: ".MP.jpg") == ".MP.jpg" && PhotoStore.title(fromFileName: "MAP.jpg") == "MAP")
        #expect(
            [ImportFileKind(fileName: "PXL_1.MP"), ImportFileKind(fileName: "PXL_1.MP~2"), ImportFileKind(fileName: "PXL_1.MP~")]
                == [.video, .video, .other])
        #expect(PhotoStore.title(fromFileName: String(repeating: "a", count: 500) + ".jpg").count == 200)
    }

    @Test(arguments: DatabaseEngine.allCases) func displayTitleFallsBackToDescriptionThenUnknown(engine: DatabaseEngine) throws {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let described = try fixture.draw("a.jpg", seed: 4, description: "Harbour at dawn")
        let bare = try fixture.draw("b.jpg", seed: 5, description: nil)

        // MUT
        let withDescription = fixture.importPhoto(described, name: "").photo
        let withNothing = fixture.importPhoto(bare, name: "").photo

        // validate
        #expect(withDescription?.displayTitle == "Harbour at dawn")
        #expect(withDescription?.displaySubtitle == nil)
        #expect(withNothing?.displayTitle == "Unknown")
    }
}
