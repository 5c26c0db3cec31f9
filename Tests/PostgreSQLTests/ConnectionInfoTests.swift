import Testing
@testable import PostgreSQL

/// What logs show of a connection string: rebuilt from libpq's parse, so no spelling of a
/// secret key gets its value through.
@Suite struct ConnectionInfoTests {
    @Test(arguments: [
        ("postgresql://u@h/db?sslmode=disable&%70assword=SECRET", "postgresql://u:***@h/db?sslmode=disable"),
        ("postgresql://u@h/db?%70%61%73%73%77%6F%72%64=SECRET", "postgresql://u:***@h/db"),
        ("postgresql://u:SECRET@h/db?password=SECRET2", "postgresql://u:***@h/db"),
        ("postgresql://u@h/db?password=SECRET&password=SECRET2", "postgresql://u:***@h/db"),
        (
            "postgres://u:SECRET@h:5433/db?ssl%70assword=SECRET2&sslmode=require",
            "postgres://u:***@h:5433/db?sslmode=require&sslpassword=***"
        ),
        ("postgresql://h/db?password=SECRET", "postgresql://:***@h/db"),
        ("host=db user=u password='SECRET with spaces'", "user=u password=*** host=db"),
        ("host=db password=SECRET sslpassword = 'SECRET2' dbname='my trips'", "password=*** dbname='my trips' host=db sslpassword=***"),
        // A password file names where the password is, not what it is: shown.
        ("host=db passfile=/home/u/.pgpass sslkey=/home/u/key.pem", "passfile=/home/u/.pgpass host=db sslkey=/home/u/key.pem"),
    ])
    func noSecretIsShownHoweverItsKeyIsSpelled(conninfo: String, shown: String) {
        // MUT
        let text = ConnectionInfo.forLogs(conninfo)

        // validate
        #expect(text == shown)
        #expect(!text.contains("SECRET"))
    }

    @Test func everyOptionLibpqMarksSecretIsHidden() throws {
        // setup: the options this libpq says are password fields, not a list written here
        let secret = ConnectionOptions.secretKeywords
        #expect(secret.contains("password") && secret.contains("sslpassword"), "\(secret)")

        for keyword in secret {
            // MUT
            let pairs = ConnectionInfo.forLogs("host=db \(keyword)=SECRET")
            let uri = ConnectionInfo.forLogs("postgresql://db/?\(keyword)=SECRET")

            // validate
            #expect(!pairs.contains("SECRET") && pairs.contains("\(keyword)=***"), "\(pairs)")
            #expect(!uri.contains("SECRET") && uri.contains("***"), "\(uri)")
        }
    }

    @Test(arguments: [
        "postgresql://u:SECRET@db.example:5433/trips?sslmode=require&application_name=road%20trip&connect_timeout=5",
        "postgresql://u@[::1]:5432,db2:5433/trips?target_session_attrs=read-write",
        "postgresql://u@h1,h2:5433/trips",
        "postgresql://%2Fvar%2Frun%2Fpostgresql/trips?password=SECRET",
        "postgresql:///trips?host=/var/run/postgresql&port=5433",
        "host=db port=5433 user='a user' password='SECRET \\' quoted' options='-c search_path=x'",
    ])
    func whatIsShownMeansTheSameConnectionSecretsAside(conninfo: String) throws {
        // MUT
        let shown = ConnectionInfo.forLogs(conninfo)

        // validate: libpq reads the same options from it, each secret one as ***
        let original = try ConnectionOptions(parsing: conninfo).options.map { ($0.keyword, $0.isSecret ? "***" : $0.value) }
        let reread = try ConnectionOptions(parsing: shown).options.map { ($0.keyword, $0.value) }
        #expect(reread.map(\.0) == original.map(\.0), "\(shown)")
        #expect(reread.map(\.1) == original.map(\.1), "\(shown)")
        #expect(!shown.contains("SECRET"))
    }

    @Test(arguments: [
        "postgresql://u:SECRET%zz@h/db",
        "postgresql://u@h/db?password=SECRET%zz",
        "host=db password=SECRET trailing",
        "host=db password='SECRET",
        "postgresql://u:SECRET@[::1/db",
        // libpq does not escape a quote inside what it quotes: these hold one
        "postgresql://u:a\"SECRET%zz@h/db",
        "postgresql://u:SECRET@[::1]\"/db",
    ])
    func aStringLibpqCannotReadIsNotShownAtAll(conninfo: String) {
        // MUT
        let text = ConnectionInfo.forLogs(conninfo)
        let error = #expect(throws: (any Error).self) { try ConnectionOptions(parsing: conninfo) }

        // validate
        #expect(text == "(a PostgreSQL connection string that libpq cannot read)")
        #expect(error.map { "\($0)".contains("SECRET") } == false, "\(String(describing: error))")
    }

    @Test func theAddressPrintedIsTheParsedOne() throws {
        // MUT
        let address = try PostgreSQLAddress("postgresql://u@h/db?sslmode=disable&%70assword=SECRET")

        // validate
        #expect(address.redacted == "postgresql://u:***@h/db?sslmode=disable")
        #expect("\(address)" == address.redacted)
        #expect(address.libpqText("FATAL: SECRET refused") == "FATAL: *** refused")
    }
}
