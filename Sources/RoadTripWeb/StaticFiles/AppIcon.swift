import CArtwork
import Compression

/// RoadTrip's icon (`icon.svg`: a blue tile, a road running to the horizon, its yellow centre
/// line) drawn as PNG pictures for home screens, which want pixels at set sizes: drawn here at
/// start-up (`rt_draw_app_icon`), never converted from the SVG (libvips' SVG loader stays
/// blocked as untrusted).
enum AppIcon {
    /// The PNG icons served, by asset name: the size and whether it is "maskable" (the tile
    /// fills the square and the drawing keeps to the middle 80 %, which any mask leaves whole).
    static let pictures: [(name: String, size: Int, maskable: Bool)] = [
        ("icon-180.png", 180, false), ("icon-192.png", 192, false), ("icon-512.png", 512, false), ("icon-maskable.png", 512, true),
    ]

    static func png(size: Int, maskable: Bool) -> [UInt8] {
        PNG.encode(rgba: rgba(size: size, maskable: maskable), width: size, height: size)
    }

    /// The icon's pixels, RGBA row by row, transparent around the tile's rounded corners.
    static func rgba(size: Int, maskable: Bool) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        pixels.withUnsafeMutableBufferPointer { rt_draw_app_icon($0.baseAddress, Int32(size), maskable ? 1 : 0) }
        return pixels
    }
}
