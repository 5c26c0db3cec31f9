import HTML
import RoadTrip

/// The owner's settings: the server's backups, and the Flickr API key unless the server's
/// command line gives it (or the server has no Flickr).
struct SettingsView: HTML {
    /// Nil: this server has no Flickr to set up.
    let flickr: (hasKey: Bool, keyIsConfigured: Bool)?
    let backups: BackupsSummary
    let notice: String?

    var content: some HTML {
        section(.class("form-page settings")) {
            if let notice { Notice(kind: .success, message: notice) }
            BackupsSection(summary: backups)
            if let flickr { flickrSection(flickr) }
        }
    }

    private func flickrSection(_ flickr: (hasKey: Bool, keyIsConfigured: Bool)) -> some HTML {
        section(.class("settings-part")) {
            h2 { "Flickr" }
            if flickr.keyIsConfigured {
                p { "The Flickr API key is given to the server on its command line or in its environment; change it there." }
            } else {
                p {
                    flickr.hasKey
                        ? "A Flickr API key is set. Enter another to replace it."
                        : "With a Flickr API key, the photo tabs gain Flickr: its top places and their latest photos."
                }
                form(.method("post"), .action(.settings), .class("stacked")) {
                    FormToken()
                    div(.class("field")) {
                        label(.for("flickr-key")) { "Flickr API key" }
                        input(.id("flickr-key"), .type("password"), .name("flickr_key"), .autocomplete("off"), .maxlength(200))
                    }
                    button(.type("submit"), .class("button")) { "Save" }
                    if flickr.hasKey { button(.type("submit"), .name("clear"), .value("1"), .class("link-button")) { "Remove the key" } }
                }
            }
        }
    }
}

/// What Settings says of backups: the schedule, the last backup and the next, and any warning.
struct BackupsSummary {
    let schedule: BackupSchedule?
    let status: BackupStatus
    let next: Int64?
    let warning: BackupWarning?
}

struct BackupsSection: HTML {
    let summary: BackupsSummary

    var content: some HTML {
        section(.class("settings-part backups")) {
            h2 { "Backups" }
            if let schedule = summary.schedule {
                p(.class("backup-schedule")) {
                    "Every \(BackupFormat.interval(schedule.every)) into \(schedule.folder.path)"
                    schedule.keep.map { ", keeping the newest \($0) snapshot\($0 == 1 ? "" : "s")." } ?? ", keeping every snapshot."
                }
            } else {
                p(.class("backup-schedule")) {
                    "This server makes no backups on a schedule. Start it with "
                    code { "--backup-to DIR --backup-every 24h --backup-keep 14" }
                    ", or run "
                    code { "roadtrip backup DIR" }
                    " (docs/running.md says how to keep the snapshots off this machine)."
                }
            }
            if let warning = summary.warning { Notice(kind: .error, message: BackupFormat.warning(warning)) }
            dl(.class("facts backup-status")) {
                dt { "Last backup" }
                dd(.class("backup-last")) {
                    if let last = summary.status.lastSuccess {
                        span { SharingFormat.time(last.finishedAt) }
                        span(.class("backup-detail")) {
                            """
                            \(ByteCount.text(last.bytes)), \(ByteCount.text(last.copiedBytes)) new · took \
                            \(BackupFormat.duration(last.finishedAt - last.startedAt))
                            """
                        }
                        span(.class("backup-detail")) {
                            "\(last.snapshot ?? "") in \(last.folder) · \(last.kept) snapshot\(last.kept == 1 ? "" : "s") kept"
                        }
                    } else {
                        span { "None yet" }
                    }
                }
                if let latest = summary.status.latest, !latest.succeeded {
                    dt { "Last attempt" }
                    dd(.class("backup-failure")) {
                        span { "\(SharingFormat.time(latest.finishedAt)): failed" }
                        span(.class("backup-detail")) { latest.error ?? "" }
                    }
                }
                dt { "Next backup" }
                dd(.class("backup-next")) {
                    if let next = summary.next {
                        SharingFormat.time(next)
                    } else {
                        summary.schedule == nil ? "None scheduled" : "Queued when the server next starts"
                    }
                }
            }
        }
    }
}

/// On every page of the owner's while the last backup failed or the next is late.
struct BackupBanner: HTML {
    let warning: BackupWarning

    var content: some HTML {
        div(.class("backup-banner"), .role("alert")) {
            span { BackupFormat.headline(warning) }
            " "
            a(.href(.settings)) { "See Backups in Settings" }
        }
    }
}

enum BackupFormat {
    /// The warning in one line, for the top of every page; Settings says why.
    static func headline(_ warning: BackupWarning) -> String {
        switch warning {
        case .failed(let attempt): "The last backup failed (\(SharingFormat.time(attempt.finishedAt)))."
        case .overdue: self.warning(warning)
        }
    }

    static func warning(_ warning: BackupWarning) -> String {
        switch warning {
        case .failed(let attempt):
            let reason = attempt.error ?? ""
            return
                """
                The last backup failed (\(SharingFormat.time(attempt.finishedAt))): \
                \(reason.count > 300 ? reason.prefix(300) + "…" : reason)
                """
        case .overdue(let last, let due):
            return "No backup since \(SharingFormat.time(last.finishedAt)): the next was due by \(SharingFormat.time(due))."
        }
    }

    /// "24 hours", "90 minutes", "7 days".
    static func interval(_ seconds: Int64) -> String {
        let (count, unit): (Int64, String) =
            seconds % 86_400 == 0
            ? (seconds / 86_400, "day")
            : seconds % 3600 == 0 ? (seconds / 3600, "hour") : (seconds / 60, "minute")
        return count == 1 ? unit : "\(count) \(unit)s"
    }

    /// "42 s", "3 min", "1 h 5 min".
    static func duration(_ seconds: Int64) -> String {
        if seconds < 60 { return "\(max(0, seconds)) s" }
        if seconds < 3600 { return "\(seconds / 60) min" }
        return "\(seconds / 3600) h \(seconds % 3600 / 60) min"
    }
}
