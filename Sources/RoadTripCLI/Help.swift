enum Help {
    static let version = "roadtrip 0.1.0"

    static let text = """
        RoadTrip: a self-hosted travel companion.

        Usage:
          roadtrip serve [--data DIR] [--host HOST] [--port PORT]
              Serve RoadTrip in the browser (default http://127.0.0.1:8080).
          roadtrip destinations import FILE [--data DIR]
              Add destinations from a Destinations.plist or .json file; a destination whose
              name exists already is replaced. A bad file is refused whole.
          roadtrip destinations list [--data DIR]
              List the destinations in the library.
          roadtrip --help | --version

        The data folder is DIR, else $ROADTRIP_DATA, else $XDG_DATA_HOME/roadtrip, else
        ~/.local/share/roadtrip. Commands may run while the server runs on the same folder.
        """
}
