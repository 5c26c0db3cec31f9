import Foundation
@testable import RoadTrip
import Testing
import TestSupport

/// XMP sidecars as Lightroom, darktable and digiKam write them: read, bounded, and imported
/// where the photo itself says nothing.
@Suite struct XMPSidecarTests {
    /// darktable's and digiKam's form: properties as elements, the description an Alt, the
    /// keywords a Bag, a hierarchy of keywords.
    static let elements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
              xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
              xmlns:lr="http://ns.adobe.com/lightroom/1.0/">
           <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Tram 28 &amp; the castle</rdf:li></rdf:Alt></dc:description>
           <dc:subject><rdf:Bag><rdf:li>tram</rdf:li><rdf:li>Lisbon</rdf:li></rdf:Bag></dc:subject>
           <lr:hierarchicalSubject><rdf:Bag><rdf:li>Places|Portugal|Alfama</rdf:li><rdf:li>Places|Portugal|Lisbon</rdf:li>\
           </rdf:Bag></lr:hierarchicalSubject>
           <photoshop:DateCreated>2019-06-08T11:33:20+01:00</photoshop:DateCreated>
           <exif:GPSLatitude>38,42.426N</exif:GPSLatitude>
           <exif:GPSLongitude>9,8.13W</exif:GPSLongitude>
           <xmp:Rating>5</xmp:Rating>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """

    /// Lightroom's form: properties as attributes, among its develop settings.
    static let attributes = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
         <rdf:Description rdf:about="" xmp:Rating="4" exif:DateTimeOriginal="2019-06-09T08:00:00" exif:GPSLatitude="38,42,25.56N"
           exif:GPSLongitude="9,8,7.8W" \((0..<200).map { "crs:Setting\($0)=\"\($0)\"" }.joined(separator: " "))/>
        </rdf:RDF></x:xmpmeta>
        """

    @Test func elementsAndAttributesAreReadAlike() throws {
        // MUT
        let darktable = try XMPSidecar(xml: Array(Self.elements.utf8))
        let lightroom = try XMPSidecar(xml: Array(Self.attributes.utf8))

        // validate
        #expect(darktable.description == "Tram 28 & the castle" && darktable.rating == 5)
        #expect(darktable.keywords == ["tram", "Lisbon", "Alfama"], "the hierarchy's last levels, repeats once")
        #expect(darktable.takenAt == "2019-06-08T11:33:20" && darktable.takenOffset == 60)
        #expect(abs((darktable.latitude ?? 0) - 38.7071) < 1e-9 && abs((darktable.longitude ?? 0) + 9.1355) < 1e-9)
        #expect(lightroom.rating == 4 && lightroom.takenAt == "2019-06-09T08:00:00" && lightroom.takenOffset == nil)
        #expect(abs((lightroom.latitude ?? 0) - 38.7071) < 1e-9 && abs((lightroom.longitude ?? 0) + 9.1355) < 1e-9)
    }

    @Test(
        arguments: [
            ("2019-06-08", "2019-06-08T12:00:00", nil),
            ("2019-06-08T11:33", "2019-06-08T11:33:00", nil),
            ("2019-06-08T11:33:20.52Z", "2019-06-08T11:33:20", 0),
            ("2019-06-08T11:33:20-03:30", "2019-06-08T11:33:20", -210),
        ] as [(String, String, Int?)])
    func datesAreClockReadingsWithTheirOffsets(text: String, clock: String, offset: Int?) {
        // MUT
        let read = XMPSidecar.clock(text)

        // validate
        #expect(read?.0 == clock && read?.1 == offset)
    }

    @Test(arguments: [
        "2019-02-30", "2019-13-01", "1850-01-01", "2019-06-08T25:00", "2019-06-08T11:33+15:00", "yesterday", "2019-06-08 junk",
    ])
    func impossibleDatesAreNone(text: String) {
        #expect(XMPSidecar.clock(text) == nil)
    }

    @Test func impossiblePositionsAndRatingsAreNone() throws {
        // MUT
        let read = try XMPSidecar(
            xml: Array(
                """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="r"><rdf:Description exif:GPSLatitude="91,0N" \
                exif:GPSLongitude="9,61W" xmp:Rating="9"/></rdf:RDF></x:xmpmeta>
                """.utf8))

        // validate
        #expect(read.latitude == nil && read.longitude == nil && read.rating == nil)
    }

    @Test(arguments: [
        ("<!DOCTYPE x [<!ENTITY a \"aaaa\">]><x:xmpmeta/>", "document type"),
        ("<x:xmpmeta><rdf:RDF></x:xmpmeta>", "not well-formed XML"),
        (String(repeating: "<a>", count: 200), "nested more than 100 deep"),
    ])
    func hostileOrBrokenSidecarsAreRefusedWithWhy(xml: String, problem: String) {
        // MUT
        let error = #expect(throws: TrackFileError.self) { try XMPSidecar(xml: Array(xml.utf8)) }

        // validate
        #expect(error?.description.contains(problem) == true, "\(String(describing: error))")
    }

    @Test func aFoldersSidecarsFillWhatItsPhotosLackAndABrokenOneIsNamed() throws {
        // setup: a scan without date or position and its darktable sidecar; a photo with its own
        // date and Lightroom's sidecar (its keywords added, its date kept); a third whose sidecar is broken
        let fixture = try PhotosFixture()
        let folder = fixture.source.appendingPathComponent("Lisbon")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: try fixture.draw("scan.jpg", seed: 1, takenAt: nil), toPath: folder.appendingPathComponent("scan.jpg").path)
        try Data(Self.elements.utf8).write(to: folder.appendingPathComponent("scan.jpg.xmp"))
        try FileManager.default.moveItem(
            atPath: try fixture.draw("IMG_2.JPG", seed: 2, takenAt: "2019-06-10T09:00:00"),
            toPath: folder.appendingPathComponent("IMG_2.JPG").path)
        try Data(Self.elements.utf8).write(to: folder.appendingPathComponent("IMG_2.XMP"))
        try FileManager.default.moveItem(
            atPath: try fixture.draw("broken.jpg", seed: 3), toPath: folder.appendingPathComponent("broken.jpg").path)
        try Data("<x:xmpmeta>".utf8).write(to: folder.appendingPathComponent("broken.xmp"))
        try Data("<x/>".utf8).write(to: folder.appendingPathComponent("lost.xmp"))

        // MUT
        let selection = ImportSelection(paths: [folder.path])
        let summary = PhotoImporter(library: fixture.photos, workers: 1).run(selection.found)

        // validate
        #expect(
            selection.found.map { $0.sidecar.map { URL(fileURLWithPath: $0).lastPathComponent } } == [
                "IMG_2.XMP", "broken.xmp", "scan.jpg.xmp",
            ])
        #expect(selection.unmatchedSidecars == [folder.path + "/lost.xmp"])
        #expect(summary.imported.count == 3)
        let photos = Dictionary(try fixture.photos.photos(ids: [1, 2, 3]).map { ($0.title, $0) }, uniquingKeysWith: { one, _ in one })
        let scan = try #require(photos["scan"])
        #expect(scan.takenAt == "2019-06-08T11:33:20" && scan.takenOffset == 60 && scan.description == "Tram 28 & the castle")
        #expect(scan.placeID == PhotosFixture.lisbon.id && scan.keywords == ["tram", "Lisbon", "Alfama"])
        let own = try #require(photos["IMG_2"])
        #expect(own.takenAt == "2019-06-10T09:00:00" && own.keywords == ["tram", "Lisbon", "Alfama"], "its own date wins; keywords join")
        #expect(
            summary.warnings.map(\.warning).contains {
                $0.hasPrefix("its XMP sidecar broken.xmp cannot be read (it was imported without it): ")
            })
    }
}
