import HTML

/// The adaptive shell around every page: a master column and a detail pane. CSS decides
/// how they share the screen (stack on a phone, overlay in tablet portrait, side by side
/// on wide screens); `app.js` swaps the panes without a full reload when it runs. Pages
/// without a master (signing in) get the detail pane alone.
struct Shell: HTML {
    let frame: PageFrame
    let assets: AssetCatalog
    let viewer: Viewer?

    func render(into output: inout HTMLOutput) {
        // The body first, on its own: the screens in it ask for the scripts the head links.
        var page = HTMLOutput(formToken: output.formToken)
        pageBody.render(into: &page)
        Document(
            html(.lang("en")) {
                head {
                    meta(.charset("utf-8"))
                    meta(.name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover"))
                    meta(.name("color-scheme"), .content("light dark"))
                    title(frame.title == "RoadTrip" ? "RoadTrip" : "\(frame.title) · RoadTrip")
                    link(.rel("stylesheet"), .href(assets.route("app.css")))
                    link(.rel("stylesheet"), .href(assets.route("photos.css")))
                    link(.rel("icon"), .type("image/svg+xml"), .href(assets.route("icon.svg")))
                    // Installable: the manifest, the home screen's picture on iOS, the bar's colour in either appearance.
                    if let manifest = frame.manifest {
                        // Asked with the link's cookies: a password link's manifest answers only the browser that gave it.
                        link(.rel("manifest"), .href(manifest), .crossorigin("use-credentials"))
                    } else {
                        link(.rel("manifest"), .href(assets.route("manifest.webmanifest")))
                    }
                    link(.rel("apple-touch-icon"), .href(assets.route("icon-180.png")))
                    meta(.name("theme-color"), .content(AppManifest.lightTheme), .media("(prefers-color-scheme: light)"))
                    meta(.name("theme-color"), .content(AppManifest.darkTheme), .media("(prefers-color-scheme: dark)"))
                    script(.type("module"), .src(assets.route("app.js")))
                    // The screens' own scripts, run after app.js (modules run in order) and before the
                    // page is ready, as app.js loads them for the panes it swaps in.
                    for name in ScreenScript.linked(page.requestedScripts) {
                        script(.type("module"), .src(assets.route("\(name).js")), .data("screen-script", name))
                    }
                }
                HTMLRaw(rendered: page)
            }
        ).render(into: &output)
    }

    private var pageBody: some HTML {
        // `data-account` names whose pages the service worker may keep and show offline (kept-store.js);
        // `data-addresses`, the addresses the scripts ask for. `data-screen` stays first: the service
        // worker marks a kept page by what it finds there.
        body(
            .data("screen", frame.screen.rawValue), .class(frame.master == nil ? "single" : ""),
            .ifPresent(viewer?.keepKey ?? frame.keepKey) { .data("account", $0) },
            .data("addresses", ScriptAddresses.pageJSON)
        ) {
            a(.class("skip-link"), .href("#detail")) { "Skip to content" }
            div(.class("split")) {
                if let master = frame.master {
                    masterPane(AnyHTML(master))
                    a(.class("backdrop"), .href("#"), .ariaLabel("Close the list"), .tabindex(-1)) {}
                }
                detailPane
                if frame.master != nil, let viewer {
                    AppTabs(current: frame.masterBar.half, viewer: viewer, tabRoot: frame.tabRoot)
                }
            }
        }
    }

    private func masterPane(_ content: AnyHTML) -> some HTML {
        let bar = frame.masterBar
        return aside(.class("master"), .id("master"), .ariaLabel(bar.label)) {
            header(.class("bar"), .id("master-bar")) {
                div(.class("bar-leading")) {
                    if let back = bar.back {
                        a(.class("bar-button master-back"), .href(back.route), .rel("up")) { "‹ \(back.label)" }
                    }
                }
                h1(.class("bar-title")) { bar.title }
                div(.class("bar-trailing")) {
                    if let add = bar.add {
                        a(.class("bar-button bar-add"), .href(add.route), .ariaLabel(add.label), .title(add.label)) { "+" }
                    }
                    a(.class("bar-button close-master"), .href("#"), .ariaLabel("Close the list")) { "Done" }
                }
            }
            if !bar.tabs.isEmpty { PhotoTabBar(tabs: bar.tabs, id: "tab-bar") }
            div(.class("pane-content"), .id("master-content"), .data("master-key", frame.masterKey ?? "")) {
                // Seen on a phone's list screens, where the detail pane is hidden (app.css).
                if frame.warnsOfBackups, let warning = viewer?.backupWarning { BackupBanner(warning: warning) }
                content
            }
        }
    }

    private var detailPane: some HTML {
        main(.class("detail"), .id("detail"), .tabindex(-1)) {
            header(.class("bar")) {
                div(.class("bar-leading")) {
                    if let back = frame.back {
                        a(.class("bar-button back"), .href(back.route), .rel("up")) { "‹ \(back.label)" }
                    }
                    if frame.master != nil {
                        // A list's icon, then the list's name: what the button opens, not a search.
                        a(.class("bar-button open-master"), .href("#master"), .ariaControls("master")) {
                            span(.class("list-icon"), .ariaHidden()) { "☰" }
                            " \(frame.masterBar.openButton)"
                        }
                    }
                }
                h2(.class("bar-title"), .id("detail-title")) { frame.title }
                div(.class("bar-trailing")) {
                    if let actions = frame.detailActions { AnyHTML(actions) }
                }
            }
            // A tab's first screen shown as a detail (the Timeline, the Map): on a phone, where
            // the list and its tabs are hidden, the tabs head it as they head the list.
            if frame.tabRoot, !frame.masterBar.tabs.isEmpty { PhotoTabBar(tabs: frame.masterBar.tabs, id: nil) }
            div(.class("pane-content"), .id("detail-content")) {
                if frame.warnsOfBackups, let warning = viewer?.backupWarning { BackupBanner(warning: warning) }
                AnyHTML(frame.detail)
            }
        }
    }
}

/// The photo apps' tabs, each a picture above its name, the current one marked.
struct PhotoTabBar: HTML {
    let tabs: [(route: Route, label: String, icon: TabIcon, isCurrent: Bool)]
    let id: String?

    var content: some HTML {
        nav(.class(id == nil ? "tab-bar detail-tabs" : "tab-bar"), .ifPresent(id) { .id($0) }, .ariaLabel("Photos")) {
            for tab in tabs {
                a(.class("tab"), .href(tab.route), .when(tab.isCurrent, .ariaCurrent("page"))) {
                    tab.icon.svg
                    span(.class("tab-label")) { tab.label }
                }
            }
        }
    }
}
