/// The tables of the timeline, of On this day and of the trips found in the photos (migrations
/// SQLite 014, PostgreSQL 009).
///
/// - `photos_by_time`: the dated photos in the timeline's order, (`taken_at`, `id`), read a page
///   at a time by keyset; `photos_undated` the others, newest import first.
/// - `timeline_days`, `timeline_months`: how many photos each day and month has (`taken_at` is
///   the camera's local time, so a day is the day where the photo was taken), and
///   `timeline_undated` how many have no date, all kept by triggers as photos come, go and are
///   dated again, like places' counts: the scrubber reads one small table, a day's header one row.
/// - `memory_hidden_days`, `memory_hidden_photos` (renamed `on_this_day_hidden_days` and
///   `on_this_day_hidden_photos` since): what each person hid from On this day.
/// - `trip_changes`: each day whose photos changed (came, went, moved) since trips were last
///   looked for, with a version so that a change made while the search runs is not lost;
///   the trigger that notes it also queues the `trips` job. `trip_home` is where most of
///   the library's photo-days were taken (and how many days had photos then);
///   `trip_suggestions` (renamed `found_trips` since) the trips found, proposed, dismissed or
///   made into a vacation.
enum TimelineSchema {
    static let sqlite = """
        CREATE INDEX photos_by_time ON photos(taken_at, id) WHERE taken_at IS NOT NULL;
        CREATE INDEX photos_undated ON photos(id) WHERE taken_at IS NULL;
        CREATE TABLE timeline_days (
            day TEXT PRIMARY KEY,
            photo_count INTEGER NOT NULL CHECK (photo_count >= 0)
        ) WITHOUT ROWID;
        CREATE TABLE timeline_months (
            month TEXT PRIMARY KEY,
            photo_count INTEGER NOT NULL CHECK (photo_count >= 0)
        ) WITHOUT ROWID;
        CREATE TABLE timeline_undated (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            photo_count INTEGER NOT NULL CHECK (photo_count >= 0)
        );
        \(counted)
        CREATE TABLE trip_changes (
            day TEXT PRIMARY KEY,
            version INTEGER NOT NULL
        ) WITHOUT ROWID;
        \(everyDayChanged)
        CREATE TRIGGER timeline_counted_in AFTER INSERT ON photos BEGIN
            INSERT INTO timeline_days (day, photo_count) SELECT substr(new.taken_at, 1, 10), 1 WHERE new.taken_at IS NOT NULL
                ON CONFLICT (day) DO UPDATE SET photo_count = photo_count + 1;
            INSERT INTO timeline_months (month, photo_count) SELECT substr(new.taken_at, 1, 7), 1 WHERE new.taken_at IS NOT NULL
                ON CONFLICT (month) DO UPDATE SET photo_count = photo_count + 1;
            UPDATE timeline_undated SET photo_count = photo_count + 1 WHERE new.taken_at IS NULL;
            INSERT INTO trip_changes (day, version) SELECT substr(new.taken_at, 1, 10), 1 WHERE new.taken_at IS NOT NULL
                ON CONFLICT (day) DO UPDATE SET version = version + 1;
            \(sqliteQueueTrips)
        END;
        CREATE TRIGGER timeline_counted_out AFTER DELETE ON photos BEGIN
            UPDATE timeline_days SET photo_count = photo_count - 1 WHERE day = substr(old.taken_at, 1, 10);
            DELETE FROM timeline_days WHERE day = substr(old.taken_at, 1, 10) AND photo_count = 0;
            UPDATE timeline_months SET photo_count = photo_count - 1 WHERE month = substr(old.taken_at, 1, 7);
            DELETE FROM timeline_months WHERE month = substr(old.taken_at, 1, 7) AND photo_count = 0;
            UPDATE timeline_undated SET photo_count = photo_count - 1 WHERE old.taken_at IS NULL;
            INSERT INTO trip_changes (day, version) SELECT substr(old.taken_at, 1, 10), 1 WHERE old.taken_at IS NOT NULL
                ON CONFLICT (day) DO UPDATE SET version = version + 1;
            \(sqliteQueueTrips)
        END;
        CREATE TRIGGER timeline_redated AFTER UPDATE OF taken_at ON photos WHEN old.taken_at IS NOT new.taken_at BEGIN
            UPDATE timeline_days SET photo_count = photo_count - 1 WHERE day = substr(old.taken_at, 1, 10);
            DELETE FROM timeline_days WHERE day = substr(old.taken_at, 1, 10) AND photo_count = 0;
            UPDATE timeline_months SET photo_count = photo_count - 1 WHERE month = substr(old.taken_at, 1, 7);
            DELETE FROM timeline_months WHERE month = substr(old.taken_at, 1, 7) AND photo_count = 0;
            UPDATE timeline_undated SET photo_count = photo_count - 1 WHERE old.taken_at IS NULL;
            INSERT INTO timeline_days (day, photo_count) SELECT substr(new.taken_at, 1, 10), 1 WHERE new.taken_at IS NOT NULL
                ON CONFLICT (day) DO UPDATE SET photo_count = photo_count + 1;
            INSERT INTO timeline_months (month, photo_count) SELECT substr(new.taken_at, 1, 7), 1 WHERE new.taken_at IS NOT NULL
                ON CONFLICT (month) DO UPDATE SET photo_count = photo_count + 1;
            UPDATE timeline_undated SET photo_count = photo_count + 1 WHERE new.taken_at IS NULL;
            INSERT INTO trip_changes (day, version) SELECT substr(old.taken_at, 1, 10), 1 WHERE old.taken_at IS NOT NULL
                ON CONFLICT (day) DO UPDATE SET version = version + 1;
            INSERT INTO trip_changes (day, version) SELECT substr(new.taken_at, 1, 10), 1 WHERE new.taken_at IS NOT NULL
                ON CONFLICT (day) DO UPDATE SET version = version + 1;
            \(sqliteQueueTrips)
        END;
        CREATE TRIGGER timeline_moved AFTER UPDATE OF latitude, longitude, place_id ON photos
            WHEN new.taken_at IS NOT NULL AND (old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude OR \
            old.place_id IS NOT new.place_id) BEGIN
            INSERT INTO trip_changes (day, version) VALUES (substr(new.taken_at, 1, 10), 1)
                ON CONFLICT (day) DO UPDATE SET version = version + 1;
            \(sqliteQueueTrips)
        END;
        CREATE TABLE memory_hidden_days (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            PRIMARY KEY (account_id, day)
        ) WITHOUT ROWID;
        CREATE TABLE memory_hidden_photos (
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            photo_id INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
            PRIMARY KEY (account_id, photo_id)
        ) WITHOUT ROWID;
        CREATE TABLE trip_home (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            photo_days INTEGER NOT NULL,
            library_days INTEGER NOT NULL,
            found_at INTEGER NOT NULL
        );
        CREATE TABLE trip_suggestions (
            id INTEGER PRIMARY KEY,
            first_day TEXT NOT NULL,
            last_day TEXT NOT NULL,
            title TEXT NOT NULL,
            photo_count INTEGER NOT NULL,
            cover_photo_id INTEGER REFERENCES photos(id) ON DELETE SET NULL,
            farthest_km INTEGER NOT NULL,
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'made')),
            vacation_id INTEGER REFERENCES vacations(id) ON DELETE SET NULL,
            found_at INTEGER NOT NULL,
            CHECK (first_day <= last_day)
        );
        CREATE INDEX trip_suggestions_by_day ON trip_suggestions(first_day, last_day);
        """

    /// The counts of the photos there are when the tables are made (the same on both engines).
    private static let counted = """
        INSERT INTO timeline_days (day, photo_count)
                SELECT substr(taken_at, 1, 10), count(*) FROM photos WHERE taken_at IS NOT NULL GROUP BY substr(taken_at, 1, 10);
            INSERT INTO timeline_months (month, photo_count)
                SELECT substr(taken_at, 1, 7), count(*) FROM photos WHERE taken_at IS NOT NULL GROUP BY substr(taken_at, 1, 7);
            INSERT INTO timeline_undated (id, photo_count) SELECT 1, count(*) FROM photos WHERE taken_at IS NULL;
        """

    /// Every day with photos is looked at by the first search for trips.
    private static let everyDayChanged = """
        INSERT INTO trip_changes (day, version) SELECT DISTINCT substr(taken_at, 1, 10), 1 FROM photos WHERE taken_at IS NOT NULL;
        """

    /// Queues the search for trips, due at once whatever the clock (a job of the same kind and
    /// key already queued is enough; one given up after its attempts is tried afresh).
    private static let sqliteQueueTrips = """
        INSERT INTO jobs (kind, key, run_after, created_at) VALUES ('trips', 'library', 0, CAST(strftime('%s', 'now') AS INTEGER))
                ON CONFLICT (kind, key) DO UPDATE SET failed_at = NULL, attempts = 0, last_error = NULL, run_after = 0
                WHERE jobs.failed_at IS NOT NULL;
        """

    static let postgreSQL = """
        CREATE INDEX photos_by_time ON photos(taken_at, id) WHERE taken_at IS NOT NULL;
        CREATE INDEX photos_undated ON photos(id) WHERE taken_at IS NULL;
        CREATE TABLE timeline_days (
            day TEXT PRIMARY KEY,
            photo_count BIGINT NOT NULL CHECK (photo_count >= 0)
        );
        CREATE TABLE timeline_months (
            month TEXT PRIMARY KEY,
            photo_count BIGINT NOT NULL CHECK (photo_count >= 0)
        );
        CREATE TABLE timeline_undated (
            id INT PRIMARY KEY CHECK (id = 1),
            photo_count BIGINT NOT NULL CHECK (photo_count >= 0)
        );
        \(counted)
        CREATE TABLE trip_changes (
            day TEXT PRIMARY KEY,
            version BIGINT NOT NULL
        );
        \(everyDayChanged)
        -- The counts and the changed days follow the photos, as SQLite's four triggers do.
        CREATE FUNCTION timeline_count(taken TEXT, amount BIGINT) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            IF taken IS NULL THEN
                UPDATE timeline_undated SET photo_count = photo_count + amount;
                RETURN;
            END IF;
            IF amount < 0 THEN
                -- An insert of a negative count would fail its check before the conflict is seen.
                UPDATE timeline_days SET photo_count = photo_count + amount WHERE day = substr(taken, 1, 10);
                DELETE FROM timeline_days WHERE day = substr(taken, 1, 10) AND photo_count = 0;
                UPDATE timeline_months SET photo_count = photo_count + amount WHERE month = substr(taken, 1, 7);
                DELETE FROM timeline_months WHERE month = substr(taken, 1, 7) AND photo_count = 0;
                RETURN;
            END IF;
            INSERT INTO timeline_days AS d (day, photo_count) VALUES (substr(taken, 1, 10), amount)
                ON CONFLICT (day) DO UPDATE SET photo_count = d.photo_count + amount;
            INSERT INTO timeline_months AS m (month, photo_count) VALUES (substr(taken, 1, 7), amount)
                ON CONFLICT (month) DO UPDATE SET photo_count = m.photo_count + amount;
        END $$;
        CREATE FUNCTION trip_changed(taken TEXT) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            IF taken IS NULL THEN RETURN; END IF;
            INSERT INTO trip_changes AS c (day, version) VALUES (substr(taken, 1, 10), 1)
                ON CONFLICT (day) DO UPDATE SET version = c.version + 1;
            INSERT INTO jobs AS j (kind, key, run_after, created_at) VALUES ('trips', 'library', 0, extract(epoch FROM now())::bigint)
                ON CONFLICT (kind, key) DO UPDATE SET failed_at = NULL, attempts = 0, last_error = NULL, run_after = 0
                WHERE j.failed_at IS NOT NULL;
        END $$;
        CREATE FUNCTION photos_on_timeline() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'UPDATE' AND OLD.taken_at IS NOT DISTINCT FROM NEW.taken_at THEN
                IF NEW.latitude IS DISTINCT FROM OLD.latitude OR NEW.longitude IS DISTINCT FROM OLD.longitude
                    OR NEW.place_id IS DISTINCT FROM OLD.place_id THEN
                    PERFORM trip_changed(NEW.taken_at);
                END IF;
                RETURN NULL;
            END IF;
            IF TG_OP <> 'INSERT' THEN
                PERFORM timeline_count(OLD.taken_at, -1);
                PERFORM trip_changed(OLD.taken_at);
            END IF;
            IF TG_OP <> 'DELETE' THEN
                PERFORM timeline_count(NEW.taken_at, 1);
                PERFORM trip_changed(NEW.taken_at);
            END IF;
            RETURN NULL;
        END $$;
        CREATE TRIGGER photos_on_timeline AFTER INSERT OR DELETE OR UPDATE OF taken_at, latitude, longitude, place_id ON photos
            FOR EACH ROW EXECUTE FUNCTION photos_on_timeline();
        CREATE TABLE memory_hidden_days (
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            PRIMARY KEY (account_id, day)
        );
        CREATE TABLE memory_hidden_photos (
            account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            photo_id BIGINT NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
            PRIMARY KEY (account_id, photo_id)
        );
        CREATE TABLE trip_home (
            id INT PRIMARY KEY CHECK (id = 1),
            latitude DOUBLE PRECISION NOT NULL,
            longitude DOUBLE PRECISION NOT NULL,
            photo_days BIGINT NOT NULL,
            library_days BIGINT NOT NULL,
            found_at BIGINT NOT NULL
        );
        CREATE TABLE trip_suggestions (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            first_day TEXT NOT NULL,
            last_day TEXT NOT NULL,
            title TEXT NOT NULL,
            photo_count BIGINT NOT NULL,
            cover_photo_id BIGINT REFERENCES photos(id) ON DELETE SET NULL,
            farthest_km BIGINT NOT NULL,
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'made')),
            vacation_id BIGINT REFERENCES vacations(id) ON DELETE SET NULL,
            found_at BIGINT NOT NULL,
            CHECK (first_day <= last_day)
        );
        CREATE INDEX trip_suggestions_by_day ON trip_suggestions(first_day, last_day);
        """
}
