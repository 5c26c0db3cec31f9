import HTML
import RoadTrip

/// The owner's Import screen: upload a Takeout's parts or an export's folder (import.js sends
/// them a piece at a time, so a broken upload continues where it stopped); choose what to import
/// among the uploads and the server's folder, and ask for the report first or the import; the
/// imports asked lately; the import runs, each with Undo.
struct ImportView: HTML {
    let entries: [ImportFolders.Entry]
    /// `--import-from DIR`, when the server has one.
    let serverFolder: String?
    let asked: [AskedImport]
    let runs: [ImportRun]
    /// An import waits or runs: no Undo until it ends.
    let importing: Bool
    let notice: Notice?

    var content: some HTML {
        section(.class("form-page wide import-screen"), .script(ScreenScript.importing), .dataFormToken("token")) {
            if let notice { notice }
            section(.class("settings-part import-upload")) {
                h2 { "Upload" }
                p {
                    """
                    A Google Takeout’s zip parts, or an iCloud or Apple Photos export’s folder. Each goes up in pieces: an upload \
                    that breaks goes on where it stopped when you choose the same file again.
                    """
                }
                // Buttons that open the pickers (importing.js); without it there is nothing to upload with.
                div(.class("upload-pickers")) {
                    button(.type("button"), .class("button choose-files"), .ariaControls("import-files")) { "Choose Takeout parts…" }
                    input(
                        .type("file"), .id("import-files"), .class("import-files"), .multiple(), Attribute("accept", ".zip,.json"),
                        .hidden())
                    button(.type("button"), .class("button secondary choose-folder"), .ariaControls("import-folder")) { "Choose a folder…" }
                    input(
                        .type("file"), .id("import-folder"), .class("import-folder"), .multiple(), Attribute("webkitdirectory", ""),
                        .hidden())
                }
                p(.class("no-script-note")) { "Uploading needs JavaScript. Without it, copy the files into the server’s import folder." }
                ul(.class("import-uploads rows"), .ariaLive("polite")) {}
            }
            section(.class("settings-part import-choose")) {
                h2 { "To import" }
                if let serverFolder { p(.class("row-subtitle")) { "Uploads, and the server’s folder \(serverFolder)." } }
                if entries.isEmpty {
                    p(.class("empty-note")) {
                        serverFolder == nil ? "Nothing uploaded yet." : "Nothing uploaded yet, and nothing in the server’s folder."
                    }
                } else {
                    form(.method("post"), .action(.importScreen), .class("stacked import-form")) {
                        FormToken()
                        // What Return in the form presses: the report, never an upload's Remove.
                        button(.type("submit"), .class("visually-hidden"), .tabindex(-1), .ariaHidden()) { "Report first" }
                        ul(.class("rows import-entries")) {
                            for entry in entries {
                                li(.class("entry-row")) {
                                    label(.class("row check-row")) {
                                        input(.type("checkbox"), .name("entry"), .value("\(entry.place.rawValue):\(entry.name)"))
                                        span(.class("row-text")) {
                                            span(.class("row-title")) { entry.name }
                                            span(.class("row-subtitle")) {
                                                (entry.place == .uploaded ? "Uploaded" : "On the server")
                                                    + (entry.isFolder ? " · folder" : entry.size.map { " · \(ByteCount.text($0))" } ?? "")
                                            }
                                        }
                                    }
                                    if entry.place == .uploaded {
                                        button(
                                            .type("submit"), .class("link-button remove-upload"),
                                            Attribute("formaction", Route.importUploadRemoval.path),
                                            .name("remove"), .value(entry.name), .ariaLabel("Remove the upload \(entry.name)")
                                        ) { "Remove" }
                                    }
                                }
                            }
                        }
                        label(.class("check-line")) {
                            input(.type("checkbox"), .name("with-trash"), .value("1")); " With the export’s trash"
                        }
                        label(.class("check-line")) {
                            input(.type("checkbox"), .name("with-archive"), .value("1")); " With the export’s archive"
                        }
                        p(.class("form-actions")) {
                            button(.type("submit"), .class("button")) { "Report first" }
                            " "
                            button(.type("submit"), .name("import"), .value("1"), .class("button secondary")) { "Import now" }
                        }
                    }
                }
            }
            if !asked.isEmpty {
                section(.class("settings-part import-asked")) {
                    h2 { "Lately" }
                    ul(.class("rows")) {
                        for request in asked {
                            li {
                                a(.class("row"), .href(.importRequest(id: request.id))) {
                                    span(.class("row-text")) {
                                        span(.class("row-title")) { request.label }
                                        span(.class("row-subtitle")) { AskedImportView.stateText(request) }
                                    }
                                    span(.class("row-chevron"), .ariaHidden()) { "›" }
                                }
                            }
                        }
                    }
                }
            }
            section(.class("settings-part import-runs")) {
                h2 { "Import runs" }
                if runs.isEmpty {
                    p(.class("empty-note")) { "No imports yet." }
                } else {
                    if importing { p(.class("row-subtitle")) { "An import is going on: Undo waits until it ends." } }
                    ul(.class("rows")) {
                        for run in runs {
                            li(.class("run-row")) {
                                span(.class("row-text")) {
                                    span(.class("row-title")) { "\(run.id) · \(run.source)" }
                                    span(.class("row-subtitle")) { ImportView.summary(run) }
                                }
                                if run.undoneAt == nil, !importing {
                                    a(
                                        .class("button secondary undo-run"), .href(.importRunUndo(id: run.id)),
                                        .ariaLabel("Undo import run \(run.id)")
                                    ) { "Undo…" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// "1998 new, 2 already there, 5 vacations, 31 tracks; undone".
    static func summary(_ run: ImportRun) -> String {
        var line = run.counts
        if run.undoneAt != nil {
            line += "; undone"
        } else if run.finishedAt == nil {
            line += "; stopped before its end (the same import again continues it)"
        }
        return line
    }
}

/// One import asked for: while it waits or runs, how far it is (import.js asks again every
/// two seconds; without it, Refresh); then what it said — and after a report, the button that
/// imports the same.
struct AskedImportView: HTML {
    let asked: AskedImport
    /// The form's values naming what it imports, for the report's Import button.
    let entries: [String]

    static func stateText(_ asked: AskedImport) -> String {
        switch asked.state {
        case .waiting: return asked.dryRun ? "Report waiting" : "Import waiting"
        case .running: return asked.dryRun ? "Reporting…" : asked.total > 0 ? "Importing: \(asked.done) of \(asked.total)" : "Importing…"
        case .done: return asked.dryRun ? "Report ready" : "Imported"
        case .failed: return asked.dryRun ? "Report failed" : "Import failed"
        }
    }

    var content: some HTML {
        let going = asked.state == .waiting || asked.state == .running
        section(
            .id("asked-import"), .class("form-page wide asked-import"), .script(ScreenScript.progress),
            .data("state", asked.state.rawValue),
            .when(going, .data("refresh", Route.importRequest(id: asked.id).path))
        ) {
            h2 { asked.dryRun ? "Report on \(asked.label)" : "Import of \(asked.label)" }
            p(.class("import-state"), .role("status")) { AskedImportView.stateText(asked) }
            if going, !asked.dryRun {
                progress(.class("import-progress"), .value(String(asked.done)), .max(max(asked.total, 1))) {}
            }
            if !asked.report.isEmpty { pre(.class("import-report")) { asked.report } }
            if going {
                p(.class("no-script-note")) { a(.class("button secondary"), .href(.importRequest(id: asked.id))) { "Refresh" } }
            } else if asked.dryRun, asked.state == .done {
                form(.method("post"), .action(.importScreen), .class("stacked")) {
                    FormToken()
                    for entry in entries { input(.type("hidden"), .name("entry"), .value(entry)) }
                    if asked.withTrash { input(.type("hidden"), .name("with-trash"), .value("1")) }
                    if asked.withArchive { input(.type("hidden"), .name("with-archive"), .value("1")) }
                    p(.class("form-actions")) {
                        button(.type("submit"), .name("import"), .value("1"), .class("button")) { "Import" }
                        " "
                        a(.class("button secondary"), .href(.importScreen)) { "Not now" }
                    }
                }
            } else {
                p(.class("form-actions")) { a(.class("button secondary"), .href(.importScreen)) { "Back to Import" } }
            }
        }
    }
}
