import Foundation

/// A size for people: "4.8 MB", "266 KB", "12 B", in decimal units, as disks are sold.
public enum ByteCount {
    public static func text(_ count: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB", "PB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
    }
}
