import RoadTrip

extension MasterBar {
    /// The photo tabs, with Flickr among them while Flickr has a key.
    static func photos(_ tab: PhotosTab, title: String? = nil, back: (route: Route, label: String)? = nil, flickr: FlickrService?) throws -> MasterBar {
        .photos(tab, title: title, back: back, flickr: (try flickr?.apiKey()) != nil)
    }
}
