/// A size the library keeps of every photo: the grid thumbnail and the screen-size preview
/// (as Immich: 250 px WebP, 1440 px JPEG), bounded in a size × size box, never enlarged.
public struct Rendition: Sendable, Hashable {
    public let name: String
    /// The longest side, in pixels, at most.
    public let size: Int
    public let format: ImageFormat

    public static let thumbnail = Rendition(name: "thumbnail", size: 250, format: .webp)
    public static let preview = Rendition(name: "preview", size: 1440, format: .jpeg)

    /// Encoder quality: 80, as Immich uses for both; artefacts do not show at these sizes.
    var quality: Int { 80 }
}
