import PageFetcher
import RoadTrip

/// The libcurl fetcher, as the offline-copy store asks for it.
struct EventPageFetcher: EventPageFetching {
    let fetcher: PageFetcher

    /// No connection, or no answer in time, is `SiteUnreachable`: the book says so in place of the page.
    func fetchEventPage(_ url: String) throws -> FetchedEventPage {
        let page: FetchedPage
        do {
            page = try fetcher.fetch(url)
        } catch {
            switch error {
            case .network, .timedOut: throw SiteUnreachable(error.description)
            default: throw error
            }
        }
        return FetchedEventPage(
            finalURL: page.finalURL, contentType: page.contentType, body: page.body, refusesFraming: page.refusesFraming)
    }
}
