import Foundation
import HTML
import HTTPServer
import RoadTrip

/// The RoadTrip menu: the list of destinations and one destination's detail.
struct DestinationsController {
    let app: App
    let context: RequestContext

    func list() throws -> Response {
        let menu = try app.menu(for: try context.account)
        return app.page(PageFrame(
            title: "RoadTrip",
            screen: .master,
            master: MenuView(menu: menu),
            detail: DestinationPlaceholderView(hasDestinations: !menu.destinations.isEmpty, hasTrip: menu.trip != nil)
        ), context: context)
    }

    func show(id: Int64) throws -> Response {
        guard let destination = try app.catalog.destination(id: id) else {
            throw HTTPError.notFound("There is no such destination. It may have been removed.")
        }
        let model = DestinationDetail(
            destination: destination,
            pointsOfInterest: try app.catalog.pointsOfInterest(destinationID: id)
        )
        return app.page(PageFrame(
            title: destination.name,
            screen: .detail,
            master: try app.menuView(for: context, selected: id),
            detail: DestinationDetailView(model: model, formToken: context.formToken,
                                          isChosen: try app.library.trips.chosenDestination(of: context.account.id) == id),
            back: (.home, "Destinations")
        ), context: context)
    }

    /// Makes the destination the account's trip, and shows the trip's menu.
    func choose(id: Int64) throws -> Response {
        do {
            try app.library.trips.choose(id, for: try context.account.id)
        } catch TripError.noSuchDestination {
            throw HTTPError.notFound("There is no such destination. It may have been removed.")
        }
        return .redirect(to: Route.home.path)
    }

    /// The destination's picture: an imported one from the data folder, else the bundled demo picture.
    func image(id: Int64) throws -> Response {
        guard let destination = try app.catalog.destination(id: id),
              let contentType = DestinationsController.imageType(destination.imageName) else { throw HTTPError.notFound() }
        // The name was checked when it was imported to be a plain file name; check again, a path is never trusted.
        guard !destination.imageName.contains("/"), !destination.imageName.hasPrefix(".") else { throw HTTPError.notFound() }
        for folder in [app.destinationImages, app.assets.destinationImages] {
            let path = folder.appendingPathComponent(destination.imageName).path
            if let response = Response.file(at: path, contentType: contentType, cacheControl: "private, no-cache", for: context.request) {
                return response
            }
        }
        throw HTTPError.notFound("This destination has no picture.")
    }

    static func imageType(_ name: String) -> String? {
        switch name.split(separator: ".").last?.lowercased() {
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        default: nil
        }
    }
}
