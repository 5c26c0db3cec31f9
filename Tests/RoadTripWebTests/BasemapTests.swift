import Foundation
import HTTPServer
import Testing
@testable import RoadTripWeb

/// The offline basemap shipped in the repository, and the world drawn from it.
@Suite struct BasemapTests {
    private func basemap() throws -> [String: Any] {
        let folder = try #require(AssetCatalog.assetsFolder)
        let data = try Data(contentsOf: folder.appendingPathComponent("map-countries.json"))
        #expect(data.count < 1_000_000, "under 1 MB, as shipped")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theBasemapIsGeoJSONOfTheCountriesWithTheirNamesCodesAndSource() throws {
        let collection = try basemap()
        let features = try #require(collection["features"] as? [[String: Any]])

        #expect(collection["type"] as? String == "FeatureCollection")
        #expect((collection["attribution"] as? String)?.contains("Natural Earth") == true)
        #expect(features.count == 177)
        let named = features.compactMap { $0["properties"] as? [String: Any] }.compactMap { properties -> (String, String)? in
            guard let name = properties["name"] as? String, let code = properties["code"] as? String else { return nil }
            return (name, code)
        }
        #expect(named.count == 177)
        #expect(named.map(\.0) == named.map(\.0).sorted(), "sorted by name, so a diff shows changed data only")
        #expect(
            named.contains { $0 == ("France", "FR") } && named.contains { $0 == ("Norway", "NO") }
                && named.contains { $0 == ("Japan", "JP") })
        for feature in features {
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(["Polygon", "MultiPolygon"].contains(geometry["type"] as? String ?? ""))
        }
    }

    @Test func theWorldIsDrawnFromItWithAPathAndANameForEachCountry() throws {
        let assets = try AssetCatalog.bundled()
        guard case .asset(let served) = assets.route("map-world.svg") else { Issue.record("no map-world.svg"); return }

        let response = try #require(assets.response(for: served, request: Request(method: "GET", path: "/static/\(served)")))
        let svg = String(decoding: response.bodyBytes, as: UTF8.self)

        #expect(response.headers["Content-Type"] == "image/svg+xml")
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-180 -90 360 180">"#))
        #expect(svg.components(separatedBy: "<path d=\"M").count - 1 == 177)
        #expect(svg.contains("<title>France</title>"))
        #expect(svg.contains("<title>Côte d'Ivoire</title>"), "names as they are, in UTF-8")
    }

    @Test func aBasemapThatIsNotGeoJSONIsRefusedWithTheReason() {
        let error = #expect(throws: BasemapSVG.Unreadable.self) { try BasemapSVG.render(geoJSON: Array(#"{"type":"Point"}"#.utf8)) }
        #expect(error?.description == "the basemap is not a GeoJSON FeatureCollection")
    }
}
