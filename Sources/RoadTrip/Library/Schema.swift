import SQLDatabase

/// The library's migrations, in order. A shipped migration is never edited: a change is a new one.
enum Schema {
    static let migrations: [Migration] = [
        Migration(
            "001-destinations",
            """
            CREATE TABLE destinations (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                image_name TEXT NOT NULL,
                location_title TEXT NOT NULL,
                location_subtitle TEXT NOT NULL,
                latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                weather_url TEXT NOT NULL,
                position INTEGER NOT NULL
            );
            CREATE TABLE destination_events (
                destination_id INTEGER NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                url TEXT NOT NULL,
                PRIMARY KEY (destination_id, position)
            ) WITHOUT ROWID;
            CREATE TABLE destination_points_of_interest (
                destination_id INTEGER NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                title TEXT NOT NULL,
                subtitle TEXT NOT NULL,
                latitude REAL NOT NULL,
                longitude REAL NOT NULL,
                PRIMARY KEY (destination_id, position)
            ) WITHOUT ROWID;
            CREATE TABLE library_events (
                name TEXT PRIMARY KEY,
                happened_at TEXT NOT NULL
            );
            """),
        Migration(
            "002-accounts",
            """
            CREATE TABLE accounts (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL UNIQUE,
                password_hash TEXT NOT NULL,
                is_owner INTEGER NOT NULL DEFAULT 0 CHECK (is_owner IN (0, 1)),
                created_at INTEGER NOT NULL
            );
            CREATE TABLE sessions (
                token_hash BLOB PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                csrf_token TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                last_used_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX sessions_by_account ON sessions(account_id);
            CREATE TABLE sign_in_failures (
                id INTEGER PRIMARY KEY,
                name_key TEXT NOT NULL,
                address TEXT NOT NULL,
                failed_at INTEGER NOT NULL
            );
            CREATE INDEX sign_in_failures_by_name ON sign_in_failures(name_key, failed_at);
            CREATE INDEX sign_in_failures_by_address ON sign_in_failures(address, failed_at);
            CREATE TABLE known_devices (
                token_hash BLOB PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                created_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE setup_tokens (
                token_hash BLOB PRIMARY KEY,
                created_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            """),
        Migration(
            "003-trips",
            """
            ALTER TABLE destinations ADD COLUMN sample_pages INTEGER CHECK (sample_pages BETWEEN 1 AND 100000);
            CREATE TABLE trips (
                account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
                destination_id INTEGER NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
                chosen_at INTEGER NOT NULL
            );
            CREATE TABLE book_settings (
                account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
                transition TEXT NOT NULL DEFAULT 'curl' CHECK (transition IN ('curl', 'scroll')),
                orientation TEXT NOT NULL DEFAULT 'horizontal' CHECK (orientation IN ('horizontal', 'vertical'))
            );
            """),
        Migration(
            "004-photos",
            """
            CREATE TABLE places (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                region TEXT,
                country TEXT NOT NULL,
                country_code TEXT NOT NULL,
                latitude REAL NOT NULL,
                longitude REAL NOT NULL,
                folded_name TEXT NOT NULL,
                photo_count INTEGER NOT NULL DEFAULT 0 CHECK (photo_count >= 0)
            );
            CREATE INDEX places_by_country ON places(country, name) WHERE photo_count > 0;
            CREATE TABLE photos (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                sha256 TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
                format TEXT NOT NULL CHECK (format IN ('jpeg', 'png', 'webp', 'heic')),
                byte_count INTEGER NOT NULL,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                orientation INTEGER NOT NULL DEFAULT 1,
                title TEXT NOT NULL,
                description TEXT,
                taken_at TEXT,
                sorted_at TEXT NOT NULL,
                latitude REAL,
                longitude REAL,
                camera_make TEXT,
                camera_model TEXT,
                place_id INTEGER REFERENCES places(id),
                imported_at INTEGER NOT NULL,
                imported_by INTEGER REFERENCES accounts(id) ON DELETE SET NULL
            );
            CREATE INDEX photos_by_place ON photos(place_id, sorted_at DESC, id DESC);
            CREATE TRIGGER photos_counted_in AFTER INSERT ON photos WHEN new.place_id IS NOT NULL BEGIN
                UPDATE places SET photo_count = photo_count + 1 WHERE id = new.place_id;
            END;
            CREATE TRIGGER photos_counted_out AFTER DELETE ON photos WHEN old.place_id IS NOT NULL BEGIN
                UPDATE places SET photo_count = photo_count - 1 WHERE id = old.place_id;
            END;
            CREATE TRIGGER photos_moved AFTER UPDATE OF place_id ON photos WHEN old.place_id IS NOT new.place_id BEGIN
                UPDATE places SET photo_count = photo_count - 1 WHERE id = old.place_id;
                UPDATE places SET photo_count = photo_count + 1 WHERE id = new.place_id;
            END;
            CREATE TABLE recents (
                account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                photo_id INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
                sequence INTEGER NOT NULL,
                viewed_at INTEGER NOT NULL,
                PRIMARY KEY (account_id, photo_id)
            ) WITHOUT ROWID;
            CREATE INDEX recents_by_order ON recents(account_id, sequence DESC);
            """),
        Migration(
            "005-vacations",
            """
            ALTER TABLE photos ADD COLUMN keywords TEXT NOT NULL DEFAULT '';
            CREATE TABLE vacations (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                UNIQUE (account_id, name_key)
            );
            CREATE TABLE photo_tags (
                account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                photo_id INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                PRIMARY KEY (account_id, photo_id, name_key)
            ) WITHOUT ROWID;
            """),
        Migration(
            "006-flickr",
            """
            CREATE TABLE settings (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE flickr_photos (
                id TEXT PRIMARY KEY,
                snapshot TEXT NOT NULL,
                fetched_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE recent_items (
                account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                item TEXT NOT NULL,
                sequence INTEGER NOT NULL,
                viewed_at INTEGER NOT NULL,
                PRIMARY KEY (account_id, item)
            ) WITHOUT ROWID;
            CREATE INDEX recent_items_by_order ON recent_items(account_id, sequence DESC);
            INSERT INTO recent_items (account_id, item, sequence, viewed_at)
                SELECT account_id, 'photo:' || photo_id, sequence, viewed_at FROM recents;
            DROP TABLE recents;
            CREATE TRIGGER photos_leave_recents AFTER DELETE ON photos BEGIN
                DELETE FROM recent_items WHERE item = 'photo:' || old.id;
            END;
            """),
        Migration(
            "007-vacations-in-library",
            """
            -- A vacation's photos, places and tags, once each vacation's own document
            -- (vacations/<id>.vacation): the same rows, keyed by vacation. Photo and tag ids are
            -- numbered within their vacation (the largest plus one, as the documents' rowids
            -- were), so a vacation's addresses stay what they were in its document.
            ALTER TABLE vacations ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
            -- 1 while the vacation's rows are still in the document an older RoadTrip kept: the
            -- move at start-up (VacationStore.moveDocumentsIntoLibrary) copies them and sets 0.
            ALTER TABLE vacations ADD COLUMN in_document INTEGER NOT NULL DEFAULT 0 CHECK (in_document IN (0, 1));
            UPDATE vacations SET in_document = 1;
            CREATE TABLE vacation_places (
                vacation_id INTEGER NOT NULL REFERENCES vacations(id) ON DELETE CASCADE,
                id INTEGER NOT NULL,
                name TEXT NOT NULL,
                region TEXT,
                country TEXT NOT NULL,
                latitude REAL NOT NULL,
                longitude REAL NOT NULL,
                PRIMARY KEY (vacation_id, id)
            ) WITHOUT ROWID;
            -- The images last, so that a list of photos reads no overflow page of theirs. A
            -- photo goes with its place only when the whole vacation goes (a place is removed
            -- once it has no photo): the cascade makes the order of the two cascades from
            -- vacations not matter.
            CREATE TABLE vacation_photos (
                vacation_id INTEGER NOT NULL REFERENCES vacations(id) ON DELETE CASCADE,
                id INTEGER NOT NULL,
                sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
                title TEXT NOT NULL,
                subtitle TEXT,
                taken_at TEXT,
                sorted_at TEXT NOT NULL,
                latitude REAL,
                longitude REAL,
                camera TEXT,
                place_id INTEGER,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                added_at INTEGER NOT NULL,
                preview BLOB NOT NULL,
                thumbnail BLOB NOT NULL,
                PRIMARY KEY (vacation_id, id),
                UNIQUE (vacation_id, sha256),
                FOREIGN KEY (vacation_id, place_id) REFERENCES vacation_places(vacation_id, id) ON DELETE CASCADE
            );
            CREATE INDEX vacation_photos_by_date ON vacation_photos(vacation_id, sorted_at, id);
            CREATE INDEX vacation_photos_by_place ON vacation_photos(vacation_id, place_id, sorted_at);
            CREATE TABLE vacation_tags (
                vacation_id INTEGER NOT NULL REFERENCES vacations(id) ON DELETE CASCADE,
                id INTEGER NOT NULL,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                PRIMARY KEY (vacation_id, id),
                UNIQUE (vacation_id, name_key)
            ) WITHOUT ROWID;
            CREATE TABLE vacation_photo_tags (
                vacation_id INTEGER NOT NULL,
                photo_id INTEGER NOT NULL,
                tag_id INTEGER NOT NULL,
                PRIMARY KEY (vacation_id, photo_id, tag_id),
                FOREIGN KEY (vacation_id, photo_id) REFERENCES vacation_photos(vacation_id, id) ON DELETE CASCADE,
                FOREIGN KEY (vacation_id, tag_id) REFERENCES vacation_tags(vacation_id, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX vacation_photo_tags_by_tag ON vacation_photo_tags(vacation_id, tag_id);
            """),
        Migration(
            "008-jobs",
            """
            CREATE TABLE jobs (
                id INTEGER PRIMARY KEY,
                kind TEXT NOT NULL,
                key TEXT NOT NULL,
                run_after INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                leased_by TEXT,
                lease_until INTEGER,
                last_error TEXT,
                failed_at INTEGER,
                UNIQUE (kind, key)
            );
            CREATE INDEX jobs_due ON jobs(run_after, id) WHERE failed_at IS NULL;
            """),
        // Places at any size: the top places and a country's places read in index order a page at
        // a time, each country's counts and the count of photos without a place kept by triggers,
        // so the Places screen of a large library reads one row per country however many places
        // and photos there are.
        Migration(
            "009-places-at-scale",
            """
            CREATE INDEX places_by_count ON places(photo_count DESC, folded_name, id) WHERE photo_count > 0;
            CREATE INDEX places_in_country ON places(country_code, folded_name, id) WHERE photo_count > 0;
            CREATE TABLE place_countries (
                country_code TEXT PRIMARY KEY,
                country TEXT NOT NULL,
                place_count INTEGER NOT NULL DEFAULT 0 CHECK (place_count >= 0),
                photo_count INTEGER NOT NULL DEFAULT 0 CHECK (photo_count >= 0)
            );
            INSERT INTO place_countries (country_code, country, place_count, photo_count)
                SELECT country_code, min(country), count(*), sum(photo_count) FROM places WHERE photo_count > 0 GROUP BY country_code;
            CREATE TRIGGER places_counted_in_country AFTER UPDATE OF photo_count ON places BEGIN
                INSERT INTO place_countries (country_code, country) VALUES (new.country_code, new.country)
                    ON CONFLICT (country_code) DO NOTHING;
                UPDATE place_countries SET photo_count = photo_count + new.photo_count - old.photo_count,
                    place_count = place_count + (new.photo_count > 0) - (old.photo_count > 0)
                    WHERE country_code = new.country_code;
            END;
            CREATE TABLE photos_without_place (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                photo_count INTEGER NOT NULL CHECK (photo_count >= 0)
            );
            INSERT INTO photos_without_place (id, photo_count) SELECT 1, count(*) FROM photos WHERE place_id IS NULL;
            CREATE TRIGGER photos_without_place_in AFTER INSERT ON photos WHEN new.place_id IS NULL BEGIN
                UPDATE photos_without_place SET photo_count = photo_count + 1;
            END;
            CREATE TRIGGER photos_without_place_out AFTER DELETE ON photos WHEN old.place_id IS NULL BEGIN
                UPDATE photos_without_place SET photo_count = photo_count - 1;
            END;
            CREATE TRIGGER photos_without_place_moved AFTER UPDATE OF place_id ON photos
                WHEN (old.place_id IS NULL) <> (new.place_id IS NULL) BEGIN
                UPDATE photos_without_place SET photo_count = photo_count + (new.place_id IS NULL) - (old.place_id IS NULL);
            END;
            """),
        // The photo map: every photo's cell on the map's grid, and each cell's count, so that a map
        // of any part of the world at any zoom reads a bounded number of rows (`PhotoMapGrid`).
        Migration("010-photo-map", PhotoMapGrid.sqliteMigration),
        // Sharing a vacation: links anyone may open (only each token's hash is kept), and the
        // household's accounts it is shared with; who added each photo, so that a member removes
        // only their own.
        Migration(
            "011-sharing",
            """
            CREATE TABLE vacation_links (
                id INTEGER PRIMARY KEY,
                vacation_id INTEGER NOT NULL REFERENCES vacations(id) ON DELETE CASCADE,
                token_hash BLOB NOT NULL UNIQUE CHECK (length(token_hash) = 32),
                label TEXT NOT NULL DEFAULT '',
                created_at INTEGER NOT NULL,
                expires_at INTEGER,
                password_hash TEXT,
                show_where INTEGER NOT NULL CHECK (show_where IN (0, 1)),
                allow_originals INTEGER NOT NULL CHECK (allow_originals IN (0, 1)),
                show_dates INTEGER NOT NULL CHECK (show_dates IN (0, 1)),
                last_opened_at INTEGER,
                open_count INTEGER NOT NULL DEFAULT 0,
                stopped_at INTEGER
            );
            CREATE INDEX vacation_links_of_vacation ON vacation_links(vacation_id, id);
            CREATE TABLE vacation_members (
                vacation_id INTEGER NOT NULL REFERENCES vacations(id) ON DELETE CASCADE,
                account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                role TEXT NOT NULL CHECK (role IN ('view', 'add')),
                created_at INTEGER NOT NULL,
                PRIMARY KEY (vacation_id, account_id)
            ) WITHOUT ROWID;
            CREATE INDEX vacation_members_by_account ON vacation_members(account_id, vacation_id);
            ALTER TABLE vacation_photos ADD COLUMN added_by INTEGER;
            """),
        // Backups: each attempt, made by `roadtrip backup` or on the server's schedule, with what it
        // made or why it failed, for Settings and the owner's banner (`BackupLog`).
        Migration(
            "012-backups",
            """
            CREATE TABLE backups (
                id INTEGER PRIMARY KEY,
                started_at INTEGER NOT NULL,
                finished_at INTEGER NOT NULL,
                folder TEXT NOT NULL,
                snapshot TEXT,
                files INTEGER NOT NULL DEFAULT 0,
                bytes INTEGER NOT NULL DEFAULT 0,
                copied_bytes INTEGER NOT NULL DEFAULT 0,
                kept INTEGER NOT NULL DEFAULT 0,
                error TEXT,
                scheduled INTEGER NOT NULL CHECK (scheduled IN (0, 1)),
                CHECK ((snapshot IS NULL) <> (error IS NULL))
            );
            """),
        // Tracks, and photos placed by them, by estimates or by hand, with what Undo needs (`TrackSchema`).
        Migration("013-tracks", TrackSchema.sqlite),
        // The timeline, On this day and the trips found in the photos (`TimelineSchema`).
        Migration("014-timeline", TimelineSchema.sqlite),
        // Share links' password failures in a scope of their own (`SignInThrottle.Scope`).
        Migration("015-throttle-scopes", Schema.throttleScopes),
        // Names RoadTrip made from places, dates or file names, which a link hiding where or when
        // does not show (`VacationReveal.shown`).
        Migration("016-generated-names", Schema.generatedNames(flag: "INTEGER")),
        // A vacation's first and last dates without reading its photos (every page of it shows them).
        Migration("017-vacation-dates", Schema.vacationDates),
        // A place's photos in date order off one index, its ties by id: a photo's neighbours at its
        // place are read there, never by walking the whole vacation (`VacationContents.photos(_:around:reach:)`).
        Migration("018-vacation-places-by-date", Schema.vacationPlacesByDate),
        // A tag's photos in date order off the tag's own index: each tag row carries its photo's
        // date (a vacation photo's date never changes), set by the database on every insert.
        Migration(
            "019-vacation-tags-by-date",
            Schema.vacationTagsByDate + """
                CREATE TRIGGER vacation_photo_tags_dated AFTER INSERT ON vacation_photo_tags BEGIN
                    UPDATE vacation_photo_tags SET sorted_at = (
                        SELECT sorted_at FROM vacation_photos WHERE vacation_id = new.vacation_id AND id = new.photo_id)
                    WHERE vacation_id = new.vacation_id AND photo_id = new.photo_id AND tag_id = new.tag_id;
                END;
                """),
        // Videos, and what moves in Live and Motion Photos (`VideoSchema`).
        Migration("020-videos", VideoSchema.sqlite),
        Migration("021-live-photos", VideoSchema.livePhotos),
        // Import runs: what each brought, for Undo and for continuing one that stopped (`ImportSchema`).
        Migration("022-import-runs", ImportSchema.sqlite),
        // What an import filled in photos the library had, for Undo, and the imports asked for in
        // the browser (`ImportSchema`).
        Migration("023-import-fills-and-requests", ImportSchema.sqliteFills),
        // Each person's favourites (`FavoriteStore`).
        Migration("024-favorites", FavoriteStore.schema(integer: "INTEGER")),
        // An edited copy and its original, one item (`PhotoVersion`).
        Migration("025-photo-versions", PhotoVersion.schema(integer: "INTEGER")),
        // The printed books asked for in the browser (`VacationBooks`).
        Migration("026-vacation-books", PrintedVacationBook.schema(integer: "INTEGER")),
        // A share link may offer the printed book (`ShareOptions.offerBook`), off unless the owner turns it on.
        Migration(
            "027-links-offer-book",
            "ALTER TABLE vacation_links ADD COLUMN offer_book INTEGER NOT NULL DEFAULT 0 CHECK (offer_book IN (0, 1));"),
        // A book of chosen photos (`PrintedVacationBook.chosenPhotos`).
        Migration("028-books-chosen-photos", PrintedVacationBook.chosenPhotos.sqlite),
        // One name on screen, in code and in the tables: trips found in the photos (`FoundTrips`),
        // On this day (`OnThisDay`).
        Migration(
            "029-found-trips-and-on-this-day",
            """
            ALTER TABLE trip_suggestions RENAME TO found_trips;
            DROP INDEX trip_suggestions_by_day;
            CREATE INDEX found_trips_by_day ON found_trips(first_day, last_day);
            ALTER TABLE memory_hidden_days RENAME TO on_this_day_hidden_days;
            ALTER TABLE memory_hidden_photos RENAME TO on_this_day_hidden_photos;
            """),
    ]

    /// The same on both engines.
    static let vacationDates = "CREATE INDEX vacation_photos_by_taken ON vacation_photos(vacation_id, taken_at);"

    /// The same on both engines: the place's index gains the tie-breaking id (the old one is its prefix).
    static let vacationPlacesByDate = """
        CREATE INDEX vacation_photos_by_place_date ON vacation_photos(vacation_id, place_id, sorted_at, id);
        DROP INDEX vacation_photos_by_place;
        """

    /// The same on both engines: the tag rows' dates, filled, and the tag's index by date (the old
    /// one is its prefix). Each engine adds its own trigger that dates new rows.
    static let vacationTagsByDate = """
        ALTER TABLE vacation_photo_tags ADD COLUMN sorted_at TEXT NOT NULL DEFAULT '';
        UPDATE vacation_photo_tags SET sorted_at = (
            SELECT sorted_at FROM vacation_photos
            WHERE vacation_photos.vacation_id = vacation_photo_tags.vacation_id AND vacation_photos.id = vacation_photo_tags.photo_id);
        CREATE INDEX vacation_photo_tags_by_date ON vacation_photo_tags(vacation_id, tag_id, sorted_at, photo_id);
        DROP INDEX vacation_photo_tags_by_tag;

        """

    /// The same on both engines but for the flag's type: which vacations are named after a trip
    /// found (a name still starting with the trip's title) and which vacation photos are titled
    /// after their file (the library's photo has that title: imports title a photo by its file).
    static func generatedNames(flag type: String) -> String {
        """
        ALTER TABLE vacations ADD COLUMN name_generated \(type) NOT NULL DEFAULT 0 CHECK (name_generated IN (0, 1));
        ALTER TABLE vacation_photos ADD COLUMN title_from_file \(type) NOT NULL DEFAULT 0 CHECK (title_from_file IN (0, 1));
        UPDATE vacations SET name_generated = 1 WHERE EXISTS (
            SELECT 1 FROM trip_suggestions trips WHERE trips.vacation_id = vacations.id AND trips.status = 'made'
                AND substr(vacations.name, 1, length(trips.title) + 2) = trips.title || ', ');
        UPDATE vacation_photos SET title_from_file = 1 WHERE title <> '' AND EXISTS (
            SELECT 1 FROM photos WHERE photos.sha256 = vacation_photos.sha256 AND photos.title = vacation_photos.title);
        """
    }

    /// The same on both engines: a scope for every failure, the indexes by scope, and the links'
    /// failures counted before (as the name "link:<id>") dropped: they are minutes old at most.
    static let throttleScopes = """
        ALTER TABLE sign_in_failures ADD COLUMN scope TEXT NOT NULL DEFAULT 'sign-in' CHECK (scope IN ('sign-in', 'link'));
        DROP INDEX sign_in_failures_by_name;
        DROP INDEX sign_in_failures_by_address;
        CREATE INDEX sign_in_failures_by_name ON sign_in_failures(scope, name_key, failed_at);
        CREATE INDEX sign_in_failures_by_address ON sign_in_failures(scope, address, failed_at);
        DELETE FROM sign_in_failures WHERE name_key LIKE 'link:%';
        """
}
