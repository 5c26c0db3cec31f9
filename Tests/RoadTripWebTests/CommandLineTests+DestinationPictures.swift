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
        #expect(imported.standardErrorLines == ["Chicago", "Boston"].map {
            "warning: the picture \"\($0).svg\" of \($0) is not in \(images.path)/; its pages show a placeholder until it is added"
        }, "\(imported.standardError)")
        #expect(try run("destinations", "list", "--data", data.path).standardOutput.contains("Boston"))
    }
}
