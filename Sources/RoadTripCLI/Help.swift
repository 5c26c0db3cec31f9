enum Help {
    static let version = "roadtrip 0.1.0"

    static let text = """
        RoadTrip: a self-hosted travel companion.

        Usage:
          roadtrip serve [--data DIR] [--database URL] [--host HOST] [--port PORT]
                         [--secure-cookies] [--sample-pages N] [--allow-private-fetch] [--no-saved-copies]
                         [--flickr-key KEY] [--flickr-api URL] [--flickr-cache-size MIB]
                         [--public-url URL] [--trusted-proxy ADDRESS|CIDR]... [--page-cache-size MIB]
                         [--map-tiles URL-TEMPLATE --map-attribution TEXT] [--basemap FILE]
                         [--backup-to DIR [--backup-every 24h] [--backup-keep 14]]
                         [--max-video-size SIZE] [--video-jobs N] [--import-from DIR]
              Serve RoadTrip in the browser (default http://127.0.0.1:8080). With no account
              yet, it prints a one-time setup link. --secure-cookies: RoadTrip is behind a
              TLS proxy, so its cookies are marked Secure. --sample-pages: how many pages the
              built-in sample book has (default 12). RoadTrip saves copies of event pages in the
              background, for sites that refuse framing and for reading without a network (5 MiB
              each at most, never from this machine or its local networks unless
              --allow-private-fetch); --no-saved-copies (formerly --no-offline-copies) fetches nothing.
              With a Flickr API key (--flickr-key, $ROADTRIP_FLICKR_KEY, or the owner's in
              Settings) the photo tabs gain Flickr; its images are cached on disk, at most
              --flickr-cache-size MiB (default 200). --flickr-api: another endpoint speaking
              Flickr's REST API. --public-url: the address people open RoadTrip at (behind a
              proxy); other host names than it and the listening address are refused.
              --trusted-proxy (repeatable): a reverse proxy whose X-Forwarded-For names the
              client, for the sign-in throttle; none is trusted by default. Pages asked for
              again before anything changes are sent from memory, at most --page-cache-size
              MiB (default 32; 0 renders every page). The maps draw an offline basemap of
              country outlines and ask nothing outside RoadTrip; --map-tiles (such as
              https://tiles.example.org/{z}/{x}/{y}.png, a server you run or may use) draws
              its tiles instead, credited with --map-attribution, and browsers may then load
              pictures from that host. --basemap: the offline basemap's tiles down to city
              scale (shorelines, lakes, rivers, borders), a file `make basemap` writes;
              without it RoadTrip looks for DIR/basemap.pack, the one `make basemap` writes
              beside the build, and /usr/share/roadtrip/basemap.pack, and says which it uses.
              --backup-to: a snapshot of the library into DIR (as `roadtrip backup`) every
              --backup-every (minutes, hours or days: 90m, 24h, 7d; default 24h), keeping the
              newest --backup-keep (default 14); with several instances, one makes each. The
              owner's Settings shows the last and the next, and every page warns the owner
              while the last failed or the next is late. Videos are uploaded up to
              --max-video-size (default 4G) and made playable in every browser in the background
              by FFmpeg (Debian's ffmpeg), --video-jobs at a time (default 1). The owner's
              Import screen imports uploads and what --import-from DIR holds.
          roadtrip destinations import FILE [--data DIR] [--database URL]
              Add destinations from a Destinations.plist or .json file; a destination whose
              name exists already is replaced. A bad file is refused whole.
          roadtrip destinations list [--data DIR] [--database URL]
              List the destinations in the library.
          roadtrip import PATH... [--user NAME] [--dry-run] [--with-trash] [--with-archive]
                  [--data DIR] [--database URL] [--max-video-size SIZE]
              Import photos (JPEG, PNG, WebP, HEIC) and videos (MP4, MOV, M4V, 3GP, WebM,
              Matroska; up to --max-video-size, default 4G) from files and folders, searched
              recursively (with XMP sidecars and iCloud exports' lists), Google Takeout zip
              parts (with their sidecars' dates, places and captions) and location histories
              (.json, made tracks that place photos); albums become vacations of NAME's, else
              the owner's. With a progress bar; ends with what was imported, what was already
              there, left out (the export's trash and archive, unless --with-trash or
              --with-archive) and refused, with the reason. --dry-run reports and writes
              nothing. Each import is a run: stopped and run again, it continues.
              A video is made playable by the server in the background.
          roadtrip import --runs | --undo RUN [--data DIR] [--database URL]
              List the import runs, or undo one: the photos and videos only it brought and
              the vacations it made are removed; nothing else changes.
          roadtrip vacation import FILE --user NAME [--data DIR] [--database URL]
              Add a vacation exported from RoadTrip (a .vacation file) to NAME's vacations,
              renamed "Name (2)" when NAME has one of that name. A damaged or foreign file
              is refused with the reason.
          roadtrip vacation list --user NAME [--data DIR] [--database URL]
          roadtrip vacation book ID --user NAME --output FILE.pdf [--size a4|a4-landscape|letter|square]
                [--favorites] [--no-map] [--title TEXT] [--subtitle TEXT] [--cover PHOTO] [--basemap FILE]
              Write NAME's vacation ID as a print-ready PDF (3 mm bleed, fonts embedded, photos
              at up to 300 dpi, an even page count) and say its report: the photos that print
              below 150 dpi, and those left out.
          roadtrip user add NAME [--owner] [--data DIR] [--database URL]
          roadtrip user passwd NAME [--data DIR] [--database URL]
              Add an account, or set a new password (which ends its sessions). The password
              is asked twice on a terminal, or read as two lines from standard input.
          roadtrip user list [--data DIR] [--database URL]
          roadtrip user remove NAME [--data DIR] [--database URL]
          roadtrip check [--hashes] [--fix] [--data DIR] [--database URL]
              Look for what a crash or a killed instance could have left inconsistent: photos
              whose original is missing or changed (--hashes reads every byte), wrong photo
              counts, half-written files, background work given up; numbers no photo has are
              repaired. Photos filed in another country than the one they were taken in are
              counted; --fix files them in their own.
          roadtrip backup DIR [--keep N] [--with-renditions] [--data DIR] [--database URL]
              A snapshot of the library as of one instant in DIR/<UTC time>/, while the server
              runs or not: the database, the originals (hard-linked from the snapshot before
              when unchanged), the destinations' pictures and a manifest of every file's
              SHA-256. Written under a temporary name and renamed when whole. --keep: remove
              the oldest snapshots beyond N once this one is made. --with-renditions: the
              thumbnails and previews too (otherwise made again after a restore).
          roadtrip backup --verify SNAPSHOT
              Check every file of a snapshot against its manifest, naming each that does not match.
          roadtrip restore SNAPSHOT --data NEWDIR [--database URL]
              Check the snapshot, then restore it into an empty folder (and an empty PostgreSQL
              database with --database), never over a library; an older RoadTrip's snapshot is
              brought up to date. Ends with roadtrip check's verdict.
          roadtrip tracks import FILE... [--data DIR] [--database URL]
              Add GPS tracks from GPX (1.0, 1.1), KML (gx:Track, LineString with a TimeSpan)
              or GeoJSON (LineString with coordTimes or times) files; a file imported again adds
              nothing. A file is refused whole, with the reason, or stored whole.
          roadtrip tracks list [--data DIR] [--database URL]
          roadtrip tracks place [--track ID] [--clock "CAMERA=ZONE|+MINUTES"] [--tolerance 10]
                                [--window 30] [--no-estimates] [--dry-run]
              Give photos without a position one from the tracks at their times (points further
              apart than --tolerance minutes are a gap), else estimated from photos of the same
              camera taken within --window minutes. A camera's clock is the photo's own zone,
              else measured from its photos with a GPS time, else --clock. Undo in the browser.
          roadtrip trips list [--data DIR] [--database URL]
          roadtrip trips find [--all] [--data DIR] [--database URL]
              The trips found in the photos (runs of days far from home), and looking for them
              now in the days whose photos changed (--all: every day, and home found again).
              A running server looks by itself after every import.
          roadtrip migrate --from DIR --to postgresql://USER:PASSWORD@HOST:PORT/DB
              Copy a data folder's library into an empty PostgreSQL database, all or nothing
              (safe to run again after a failure), ending with every table's count. Accounts
              keep their passwords; sessions are not copied. Then serve with --data DIR and
              --database URL.
          roadtrip --help | --version

        The data folder is DIR, else $ROADTRIP_DATA, else $XDG_DATA_HOME/roadtrip, else
        ~/.local/share/roadtrip. Commands may run while the server runs on the same folder.
        The library's rows are in SQLite in the data folder, unless --database (or
        $ROADTRIP_DATABASE) names a PostgreSQL server: postgresql://USER:PASSWORD@HOST:PORT/DB
        (?sslmode=… as libpq takes it). Several instances may then share that database and
        one data folder mounted by all (see docs/running.md); the password is never printed.
        """

    /// The part of `text` about `command`: its usage lines and what they say, then the closing
    /// paragraphs about the data folder and the database.
    static func text(of command: Command) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var part: [Substring] = []
        var inside = false
        for line in lines {
            if line.hasPrefix("  roadtrip ") {
                inside = line.dropFirst("  roadtrip ".count).split(separator: " ").first == Substring(command.rawValue)
            } else if !line.hasPrefix("  ") {
                inside = false
            }
            if inside { part.append(line) }
        }
        let closing = lines.drop { !$0.hasPrefix("The data folder is") }
        return (["Usage:"] + part + [""] + closing).joined(separator: "\n")
    }
}
