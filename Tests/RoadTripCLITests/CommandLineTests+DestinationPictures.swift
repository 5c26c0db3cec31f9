import Foundation
import Testing

extension CommandLineTests {
    @Test func importingACatalogueWithMissingPicturesWarnsNamingEachAndStillImports() throws {
        // setup: Denver's picture is in place, Chicago's and Boston's are not
        let data = scratch.url.appendingPathComponent("data")
        let images = data.appendingPathComponent("destination-images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: images.appendingPathComponent("Denver.svg"))
        let file = try catalogue(["Chicago", "Denver", "Boston"])

        // MUT
        let imported = try run("destinations", "import", file.path, "--data", data.path)

        // validate
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput == "Added 3: Chicago, Denver, Boston\n")
        #expect(
            imported.standardErrorLines
                == ["Chicago", "Boston"].map {
                    "warning: the picture \"\($0).svg\" of \($0) is not in \(images.path)/; its pages show a placeholder until it is added"
                }, "\(imported.standardError)")
        #expect(try run("destinations", "list", "--data", data.path).standardOutput.contains("Boston"))
    }

    @Test func aPictureOfATypePagesCannotShowIsWarnedAboutToo() throws {
        // setup: the file is in place, so only its type can be the problem
        let data = scratch.url.appendingPathComponent("data")
        let images = data.appendingPathComponent("destination-images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data("text".utf8).write(to: images.appendingPathComponent("Odd.txt"))
        let file = scratch.url.appendingPathComponent("odd.json")
        try Data(
            """
            {"DestinationData": [{"DestinationName": "Odd", "DestinationImage": "Odd.txt",
                "DestinationLocation": {"Title": "Odd", "Subtitle": "", "Latitude": 1, "Longitude": 2},
                "Events": [], "POIs": [], "Weather": "https://example.com/weather"}]}
            """.utf8
        ).write(to: file)

        // MUT
        let imported = try run("destinations", "import", file.path, "--data", data.path)

        // validate
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(
            imported.standardErrorLines == [
                "warning: the picture \"Odd.txt\" of Odd is not SVG, PNG, JPEG or WebP; its pages show a placeholder"
            ])
    }
}
