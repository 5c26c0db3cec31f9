import HTML
import RoadTrip

/// The destination's weather page in the same sandboxed web view as an event page, with
/// RoadTrip's copy of it for use without a network once there is one.
struct WeatherView: HTML {
    let destination: Destination
    let frame: WebFrame

    var content: some HTML {
        section(.class("web-view weather"), .script(ScreenScript.webView), .ariaLabel("Weather for \(destination.locationTitle)")) {
            frame
            p(.class("page-source")) {
                a(.href(destination.weatherURL), .target("_blank"), .rel("noopener noreferrer external")) {
                    "Open the forecast in a new tab"
                }
            }
        }
    }
}

/// A page of the classic page-based example: a chapter title and a line of content.
struct SamplePageView: HTML {
    let number: Int
    let stylesheet: Route

    var content: some HTML {
        Document(
            html(.lang("en")) {
                head {
                    meta(.charset("utf-8"))
                    meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
                    meta(.name("color-scheme"), .content("light dark"))
                    title(SampleBook.title(ofPage: number))
                    link(.rel("stylesheet"), .href(stylesheet))
                }
                body(.class("sample-page")) {
                    h1 { SampleBook.title(ofPage: number) }
                    p { SampleBook.text(ofPage: number) }
                }
            })
    }
}
