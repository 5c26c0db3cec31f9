/// A size the library keeps of every photo: the grid thumbnail and the screen-size preview
/// (as Immich: 250 px WebP, 1440 px JPEG), bounded in a size × size box, never enlarged.
public struct Rendition: Sendable, Hashable {
    public let name: String
    /// The longest side, in pixels, at most.
    public let size: Int
    public let format: ImageFormat

    public static let thumbnail = Rendition(name: "thumbnail", size: 250, format: .webp)
    public static let preview = Rendition(name: "preview", size: 1440, format: .jpeg)
    /// A video's still, which stands for it as a photo's original does (its thumbnail and preview
    /// are made from it): never a cache, since it is the poster of the video's own digest.
    public static let poster = Rendition(name: "poster", size: 2048, format: .jpeg)

    /// Encoder quality: 80, as Immich uses for both; artefacts do not show at these sizes.
    var quality: Int { 80 }
}
