/// How trips are told from a run of days: the days' photos summed up, and the runs away.
extension TripFinder {
    /// The trips among the days (in order): runs of days away, at most `gapDays` without photos
    /// between two of them, ended by a day at home; days whose photos have no position count
    /// inside a run and decide nothing.
    static func trips(in days: [DaySummary], thresholds: Thresholds) -> [FoundTripDays] {
        var trips: [FoundTripDays] = []
        var current: [DaySummary] = []
        func close() {
            // The run ends at its last day away; days without positions after it are not the trip's.
            while let last = current.last, !last.isAway { current.removeLast() }
            if let trip = FoundTripDays(current), trip.photoCount >= thresholds.minimumPhotos,
                trip.last.daysSince1970 - trip.first.daysSince1970 < Int64(thresholds.maximumDays)
            {
                trips.append(trip)
            }
            current = []
        }
        for day in days {
            if day.isAway {
                if let lastAway = current.last(where: \.isAway),
                    day.day.daysSince1970 - lastAway.day.daysSince1970 > Int64(thresholds.gapDays + 1)
                {
                    close()
                }
                current.append(day)
            } else if day.positioned > 0 {
                close()
            } else if !current.isEmpty {
                current.append(day)
            }
        }
        close()
        return trips
    }
}

/// A day's photos, as trips are found from them.
struct DaySummary: Equatable {
    let day: CalendarDay
    var photos = 0
    var positioned = 0
    var away = 0
    var farthest = 0.0
    var cover: Int64?
    var places: [Int64: Int] = [:]

    init(day: CalendarDay) {
        self.day = day
    }

    /// Most of its photos with a position were taken far from home.
    var isAway: Bool { positioned > 0 && away * 2 > positioned }
}

/// The days of a trip found, before it is named.
struct FoundTripDays: Equatable {
    let first: CalendarDay
    let last: CalendarDay
    let photoCount: Int
    let farthestKilometres: Int
    let cover: Int64?
    let places: [Int64: Int]

    init?(_ days: [DaySummary]) {
        guard let first = days.first, let last = days.last else { return nil }
        self.first = first.day
        self.last = last.day
        photoCount = days.reduce(0) { $0 + $1.photos }
        farthestKilometres = Int((days.map(\.farthest).max() ?? 0) / 1000)
        cover = days.max { $0.away < $1.away }?.cover
        places = days.reduce(into: [:]) { all, day in all.merge(day.places, uniquingKeysWith: +) }
    }
}
