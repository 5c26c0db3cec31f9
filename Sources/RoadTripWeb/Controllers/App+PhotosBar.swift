import RoadTrip

extension App {
    /// The photo tabs, with Flickr among them while Flickr has a key.
    func photosBar(_ tab: PhotosTab, title: String? = nil, back: (route: Route, label: String)? = nil) throws -> MasterBar {
        .photos(tab, title: title, back: back, flickr: (try flickr?.apiKey()) != nil)
    }
}
