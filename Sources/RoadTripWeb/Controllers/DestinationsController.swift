import Foundation
import HTML
import HTTPServer
import RoadTrip

/// The RoadTrip menu: the list of destinations and one destination's detail.
struct DestinationsController: Controller {
    let app: App
    let context: RequestContext

    func list() throws -> Response {
        let menu = try Menu.read(for: try context.account, from: app.library)
        return app.page(
            PageFrame(
                title: "RoadTrip",
                screen: .master,
                master: MenuView(menu: menu),
                detail: DestinationPlaceholderView(hasDestinations: !menu.destinations.isEmpty, hasTrip: menu.trip != nil)
            ), context: context)
    }

    func show(id: Int64) throws -> Response {
        // The detail's points of interest are read with the menu beside it, which has every
        // destination: the page waits for the database once.
        let (destinations, chosen, tripPointsOfInterest) = Menu.queries(for: try context.account)
        let (all, chosenID, tripPoints, pointsOfInterest) = try app.library.fetch(
            destinations, chosen, tripPointsOfInterest, DestinationCatalog.pointsOfInterestQuery(destinationID: id)
        )
        let menu = Menu((all, chosenID, tripPoints), selected: id)
        guard let destination = menu.destinations.first(where: { $0.id == id }) else {
            throw HTTPError.notFound("There is no such destination. It may have been removed.")
        }
        let model = DestinationDetail(destination: destination, pointsOfInterest: pointsOfInterest)
        return app.page(
            PageFrame(
                title: destination.name,
                screen: .detail,
                master: MenuView(menu: menu),
                detail: DestinationDetailView(model: model, isChosen: menu.trip?.destination.id == id),
                back: (.home, "RoadTrip")
            ), context: context)
    }

    /// Makes the destination the account's trip, and shows the trip's menu.
    func choose(id: Int64) throws -> Response {
        do {
            try app.library.trips.choose(id, for: try context.account.id)
        } catch TripError.noSuchDestination {
            throw HTTPError.notFound("There is no such destination. It may have been removed.")
        }
        // The book opens at its first page, shown from RoadTrip's copy: fetched from now on.
        if let copies = app.copies, let destination = try app.catalog.destination(id: id), !destination.isSample {
            copies.request((1...2).compactMap { try? app.library.events.url(destination: id, page: $0) })
        }
        return .redirect(to: Route.home.path)
    }

    /// The destination's picture: an imported one from the data folder, else the bundled demo
    /// picture, else a drawn placeholder, so a page never shows a broken image.
    func image(id: Int64) throws -> Response {
        guard let destination = try app.catalog.destination(id: id) else { throw HTTPError.notFound() }
        // A catalogue's SVG is anyone's markup: served, 304s included, under a policy that runs nothing.
        var response: Response
        if case .success(let picture) = app.destinationPictures.picture(named: destination.imageName),
            let file = Response.file(
                at: picture.path, contentType: picture.format.mediaType, cacheControl: "private, no-cache",
                for: context.request)
        {
            response = file
        } else {
            response = PlaceholderPicture(name: destination.name).response
        }
        SecurityHeaders.servePicture(&response.headers, contentType: response.headers["Content-Type"], isPicture: true)
        return response
    }
}
