import PageFetcher
import RoadTrip

/// The libcurl fetcher, as the offline-copy store asks for it.
struct EventPageFetcher: EventPageFetching {
    let fetcher: PageFetcher

    func fetchEventPage(_ url: String) throws -> FetchedEventPage {
        let page = try fetcher.fetch(url)
        return FetchedEventPage(finalURL: page.finalURL, contentType: page.contentType, body: page.body, refusesFraming: page.refusesFraming)
    }
}
