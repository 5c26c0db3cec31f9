/// A position written as ISO 6709 text, as phones put it in their videos: "+37.3318-122.0312/",
/// "+45.8150+015.9819+120.000/" (Apple's `com.apple.quicktime.location.ISO6709`, MP4's `©xyz`,
/// Android's `location`). Degrees in decimal form only, the one form cameras write.
public enum ISO6709 {
    /// Latitude and longitude, or nil for text that is not a position on Earth.
    public static func parse(_ text: String) -> (latitude: Double, longitude: Double)? {
        let scalars = Array(text.utf8.prefix(64))
        var index = 0
        func number() -> Double? {
            guard index < scalars.count, scalars[index] == UInt8(ascii: "+") || scalars[index] == UInt8(ascii: "-") else { return nil }
            let start = index
            index += 1
            var digits = 0
            while index < scalars.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scalars[index]) || scalars[index] == UInt8(ascii: ".")
            {
                index += 1
                digits += 1
            }
            guard digits > 0, digits <= 16 else { return nil }
            return Double(String(decoding: scalars[start..<index], as: UTF8.self))
        }
        guard let latitude = number(), let longitude = number(),
            latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
            !(latitude == 0 && longitude == 0)
        else { return nil }
        return (latitude, longitude)
    }
}
