import Video

extension FuzzTarget {
    /// What `ffprobe` reports of a hostile file (its tags are the file's own bytes): a report is
    /// read into facts that can be true, or refused; and ISO 6709 positions, one a line.
    static let videoFacts = FuzzTarget(name: "video-facts", seeds: VideoInput.seeds) { bytes in
        for line in bytes.lines.prefix(16) {
            if let position = ISO6709.parse(String(line)) {
                precondition(abs(position.latitude) <= 90 && abs(position.longitude) <= 180, "\(line) is off the globe")
            }
        }
        guard let facts = try? VideoFacts(probeReport: bytes) else { return }
        precondition(facts.duration > 0 && facts.duration <= VideoFacts.maximumDuration, "a duration of \(facts.duration) ms")
        precondition(
            (2...VideoFacts.maximumSide).contains(facts.width) && (2...VideoFacts.maximumSide).contains(facts.height),
            "\(facts.width)×\(facts.height)")
        precondition([0, 90, 180, 270].contains(facts.rotation), "turned \(facts.rotation)°")
        precondition((facts.latitude == nil) == (facts.longitude == nil), "half a position")
        if let offset = facts.takenOffset { precondition(abs(offset) <= 14 * 60, "an offset of \(offset) minutes") }
    }
}

extension FuzzTarget {
    /// What pairs a still with its motion, read by RoadTrip itself from hostile bytes: an Apple
    /// MakerNote, a QuickTime movie's boxes, a JPEG's XMP segment, a Motion Photo's XMP and a Samsung trailer.
    static let motionParts = FuzzTarget(name: "motion-parts", seeds: VideoInput.motionSeeds) { bytes in
        for identifier in [MotionParts.contentIdentifier(makerNote: bytes), MotionParts.contentIdentifier(movie: bytes)].compactMap({ $0 })
        {
            precondition((1...64).contains(identifier.utf8.count), "an identifier of \(identifier.utf8.count) bytes")
        }
        let size = UInt64(bytes.count)
        if let box = MotionParts.topLevelBox(
            "moov", fileSize: size, read: { offset, count in Array(bytes.dropFirst(Int(offset)).prefix(count)) })
        {
            precondition(box.offset + box.size <= size, "a box past the end")
        }
        if let video = MotionParts.motionPhotoVideo(xmp: String(decoding: bytes, as: UTF8.self), fileSize: size) {
            precondition(video.offset + video.length == size, "a motion photo's video not at the end")
        }
        if let xmp = MotionPhotoFile.xmpPacket(inJPEG: bytes) {
            precondition(xmp.utf8.count <= 3 * bytes.count, "an XMP packet longer than its JPEG")
        }
        if let video = MotionParts.samsungMotionVideo(tail: bytes, tailOffset: 0, fileSize: size) {
            precondition(video.offset + video.length <= size, "a trailer's video past the end")
        }
    }
}

enum VideoInput {
    static func motionSeeds() -> [FuzzTarget.Seed] {
        let note =
            Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8) + [0, 1, 0, 0x11, 0, 2, 0, 0, 0, 37, 0, 0, 0, 32, 0, 0, 0, 0]
            + Array("FFCBAC24-E547-4BBC-AF47-38B1A3D845E3".utf8) + [0]
        let key = Array("com.apple.quicktime.content.identifier".utf8)
        func box(_ type: [UInt8], _ body: [UInt8]) -> [UInt8] {
            let size = UInt32(body.count + 8)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + type + body
        }
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { box(Array(type.utf8), body) }
        let keys = box("keys", [0, 0, 0, 0, 0, 0, 0, 1] + box("mdta", key))
        // The value of key 1: an item whose type is the key's number.
        let item = box([0, 0, 0, 1], box("data", [0, 0, 0, 1, 0, 0, 0, 0] + Array("4B1D7C5E-2F3A-4C8B".utf8)))
        let movie =
            box("ftyp", Array("qt  ".utf8) + [0, 0, 0, 0])
            + box("moov", box("meta", box("hdlr", [UInt8](repeating: 0, count: 24)) + keys + box("ilst", item)))
        return [
            .init("apple-maker-note", note),
            .init("quicktime-keys", movie),
            .init(
                "motion-photo-xmp",
                Array(#"<Container:Item Item:Semantic="MotionPhoto" Item:Length="40"/>"#.utf8) + [UInt8](repeating: 0, count: 64)),
            .init("samsung-trailer", Array("MotionPhoto_Data".utf8) + [UInt8](repeating: 1, count: 40) + Array("SEFH".utf8)),
            .init("jpeg-xmp", jpegXMP),
        ]
    }

    /// A Pixel's JPEG head: SOI, an XMP APP1 naming the Motion Photo's video, then the image data.
    static var jpegXMP: [UInt8] {
        let xmp =
            Array("http://ns.adobe.com/xap/1.0/\0".utf8)
            + Array(
                #"""
                <rdf:Description GCamera:MotionPhoto="1"><Container:Item Item:Semantic="MotionPhoto" Item:Length="40"/></rdf:Description>
                """#
                .utf8)
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8((xmp.count + 2) >> 8), UInt8((xmp.count + 2) & 0xFF)] + xmp + [0xFF, 0xDA, 0, 2]
            + [UInt8](repeating: 0, count: 64)
    }

    static func seeds() -> [FuzzTarget.Seed] {
        [
            .init(
                "iphone-hevc",
                #"""
                {"streams": [{"codec_type": "video", "codec_name": "hevc", "width": 1920, "height": 1080, "pix_fmt": "yuv420p10le",
                  "side_data_list": [{"side_data_type": "Display Matrix", "rotation": -90}]},
                 {"codec_type": "audio", "codec_name": "aac"}],
                 "format": {"duration": "3.012", "tags": {"com.apple.quicktime.location.ISO6709": "+45.8150+015.9819+120.000/",
                  "com.apple.quicktime.creationdate": "2024-06-01T10:05:00+0200", "com.apple.quicktime.make": "Apple",
                  "com.apple.quicktime.content.identifier": "4B1D7C5E-2F3A-4C8B-9D0E-1A2B3C4D5E6F"}}}
                """#),
            .init(
                "android-mp4",
                #"""
                {"streams": [{"codec_type": "video", "codec_name": "h264", "width": 1280, "height": 720, "tags": {"rotate": "270"}}],
                 "format": {"duration": "12.5", "tags": {"creation_time": "2024-06-01T08:05:00.000000Z", "location": "+38.7100-009.1500/"}}}
                """#),
            .init("positions", "+38.7100-009.1500/\n-33.8568+151.2153+010.000/\n+91.0+0.0/\n++\n"),
        ]
    }
}
