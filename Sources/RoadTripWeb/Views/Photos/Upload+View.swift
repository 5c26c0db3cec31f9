import HTML
import RoadTrip

/// The Upload screen: many files at once, by the picker or dropped on it. Without JavaScript
/// the form posts them all in one request and the summary page follows; with it, uploads.js
/// sends them one by one with a progress bar each and writes the same summary here.
struct UploadView: HTML {
    let uploadToken: String

    var content: some HTML {
        section(.class("upload")) {
            form(
                .method("post"), .action(.upload, uploadToken: uploadToken), .enctype("multipart/form-data"), .class("upload-form"),
                .script(ScreenScript.uploads), .data("file-action", Route.uploadFile(name: nil).path), .dataFormToken("token")
            ) {
                FormToken()
                // The whole zone is the picker's label: a tap anywhere on it chooses, a drop on the
                // screen adds. With uploads.js the native input is hidden (the zone shows its focus)
                // and choosing starts the upload; without it, the input and Upload stay.
                div(.class("drop-zone")) {
                    label(.for("upload-files"), .class("drop-target")) {
                        span(.class("drop-plus"), .ariaHidden()) { "+" }
                        span(.class("drop-title")) { "Add photos and videos" }
                        span(.class("drop-subtitle")) { "Tap to choose them, or drop them here" }
                    }
                    input(
                        .type("file"), .id("upload-files"), .name("photos"), .multiple(),
                        .accept(
                            """
                            image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,video/mp4,video/quicktime,\
                            video/x-m4v,video/3gpp,video/webm,video/x-matroska,.mov,.mp4,.m4v,.3gp,.webm,.mkv,.gpx,.kml,.geojson
                            """
                        ))
                    p(.class("hint")) {
                        "Photos (JPEG, PNG, WebP or HEIC, up to 100 megapixels each) and videos (MP4, MOV, WebM and more). "
                        "Nothing already in the library is added twice. "
                        "GPS tracks (GPX, KML, GeoJSON) may come with them, or alone, to place the photos that have no position."
                    }
                }
                button(.type("submit"), .class("button primary upload-send")) { "Upload" }
            }
            ol(.class("upload-list"), .ariaLabel("Files"), .ariaLive("polite")) {}
            div(.class("upload-summary"), .role("status"), .hidden()) {}
        }
    }
}

/// What became of one uploaded file: a photo's import, or a track file's.
enum UploadResult {
    case photo(ImportOutcome)
    /// The file's tracks as stored (`added` 0: imported before), or why it was refused.
    case tracks(Result<TrackImport, TrackFileError>)
}

/// One file's outcome, as the upload and the import command report it.
struct UploadOutcome {
    let fileName: String
    let outcome: UploadResult
}

/// The summary after an upload without JavaScript: imported, already there, refused with reasons.
struct UploadSummaryView: HTML {
    let outcomes: [UploadOutcome]

    var content: some HTML {
        let imported = outcomes.filter { UploadSummaryView.kind($0.outcome) == "imported" }
        let already = outcomes.filter { UploadSummaryView.kind($0.outcome) == "already-there" }
        section(.class("upload-result")) {
            p(.class("upload-totals"), .role("status")) {
                "\(imported.count) imported, \(already.count) already there, \(outcomes.count - imported.count - already.count) refused"
            }
            ul(.class("rows upload-outcomes")) {
                for item in outcomes {
                    li(.class("upload-outcome \(UploadSummaryView.kind(item.outcome))")) {
                        span(.class("row-title")) { item.fileName.isEmpty ? "(no name)" : item.fileName }
                        span(.class("row-subtitle")) {
                            if case .tracks(.success(let result)) = item.outcome {
                                // Each track's times in the reader's own zone (a `time` the script writes again).
                                result.added == 0 ? "Already in the library: " : "Track: "
                                for (index, track) in result.tracks.enumerated() {
                                    if index > 0 { "; " }
                                    "\(track.name) \u{B7} "
                                    TrackFacts(track: track)
                                }
                            } else {
                                UploadSummaryView.message(item.outcome)
                            }
                        }
                    }
                }
            }
            p {
                a(.class("button"), .href(.upload)) { "Upload more" }
                " "
                a(.class("button"), .href(.places(order: .byCountry))) { "See places" }
            }
        }
    }

    static func kind(_ outcome: UploadResult) -> String {
        switch outcome {
        case .photo(.imported), .photo(.paired), .photo(.stacked): "imported"
        case .tracks(.success(let result)): result.added > 0 ? "imported" : "already-there"
        case .photo(.alreadyThere): "already-there"
        case .photo(.refused), .tracks(.failure): "refused"
        }
    }

    static func message(_ outcome: UploadResult) -> String {
        switch outcome {
        case .photo(let outcome): message(outcome)
        case .tracks(.success(let result)):
            // The server cannot know the reader's zone: the row leaves the times to the track's page.
            (result.added == 0 ? "Already in the library: " : "Track: ")
                + result.tracks.map { TrackText.summary($0, in: nil) }.joined(separator: "; ")
        case .tracks(.failure(let error)): "Refused: \(error.reason)"
        }
    }

    static func message(_ outcome: ImportOutcome) -> String {
        switch outcome {
        case .imported(_, let warnings) where !warnings.isEmpty: "Imported, but \(warnings.joined(separator: "; and "))"
        case .imported: "Imported"
        case .paired: "Imported: it joined its other half as a Live Photo"
        case .stacked: "Imported: kept with its other version (an edited copy and its original) as one item"
        case .alreadyThere: "Already in the library"
        case .refused(let reason): "Refused: \(reason)"
        }
    }
}
