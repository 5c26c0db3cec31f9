import HTML

/// The pictures of the tab bars, as iOS tab bars have them above their words: small line
/// drawings in RoadTrip's own SVG, in the tab's colour (`currentColor`), so none can be missing
/// the way an emoji or an icon font can. Fixed markup, written here: nothing from outside.
enum TabIcon: String {
    case roadTrip, photos, account, places, timeline, recents, vacations, map, flickr

    /// The drawing on a 24-unit grid.
    private var drawing: String {
        switch self {
        case .roadTrip:
            // A road running into the distance.
            #"<path d="M9 3 5 21M15 3l4 18"/><path d="M12 5v2M12 10v3M12 16v4"/>"#
        case .photos, .recents:
            // A picture: a frame with a hill and the sun (Recents adds a clock's hands).
            self == .photos
                ? #"<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 16 5-5 4 4 3-3 6 6"/><circle cx="16" cy="9" r="1.5"/>"#
                : #"<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>"#
        case .account:
            #"<circle cx="12" cy="8" r="4"/><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6"/>"#
        case .places:
            // A pin.
            #"<path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z"/><circle cx="12" cy="10" r="2.5"/>"#
        case .timeline:
            // Days stacked in time.
            #"<rect x="3" y="4" width="18" height="17" rx="2"/><path d="M3 9h18M8 2v4M16 2v4M7 13h2M11 13h2M15 13h2M7 17h2M11 17h2"/>"#
        case .vacations:
            // A suitcase.
            #"<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 12h18"/>"#
        case .map:
            // A folded map.
            #"<path d="m3 6 6-2 6 2 6-2v14l-6 2-6-2-6 2z"/><path d="M9 4v14M15 6v14"/>"#
        case .flickr:
            #"<circle cx="7.5" cy="12" r="3.5"/><circle cx="16.5" cy="12" r="3.5"/>"#
        }
    }

    var svg: HTMLRaw {
        HTMLRaw(
            #"""
            <svg class="tab-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="none" \#
            stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">
            """#
                + drawing + "</svg>")
    }
}
