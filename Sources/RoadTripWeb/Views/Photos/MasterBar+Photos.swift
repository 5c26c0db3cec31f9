import RoadTrip

extension MasterBar {
    /// The photo tabs, with Flickr among them while Flickr has a key.
    /// Its "+" adds what the screen lists: photos to the library (Upload), a vacation on
    /// Vacations (a vacation's own screens set theirs: photos from the library to it).
    static func photos(_ tab: PhotosTab, title: String? = nil, back: (route: Route, label: String)? = nil, flickr: FlickrService?) throws
        -> MasterBar
    {
        var bar = MasterBar.photos(tab, title: title, back: back, flickr: (try flickr?.apiKey()) != nil)
        if tab == .vacations { bar.add = (.newVacation, "New vacation") }
        return bar
    }
}
