import Foundation
import SystemCalls
import TestSupport
import Testing
@testable import Video

/// The readers that pair a still with its motion: Apple's identifiers and where a Motion
/// Photo's video lies.
@Suite struct MotionPartsTests {
    static let identifier = "FFCBAC24-E547-4BBC-AF47-38B1A3D845E3"

    static func makerNote(_ identifier: String = identifier, bigEndian: Bool = true, tag: UInt16 = 0x0011) -> [UInt8] {
        TestClips.appleMakerNote(identifier, bigEndian: bigEndian, tag: tag)
    }

    @Test func theStillsIdentifierIsReadFromItsMakerNoteInEitherByteOrder() {
        #expect(MotionParts.contentIdentifier(makerNote: Self.makerNote()) == Self.identifier)
        #expect(MotionParts.contentIdentifier(makerNote: Self.makerNote(bigEndian: false)) == Self.identifier)
        #expect(MotionParts.contentIdentifier(makerNote: Self.makerNote(Self.identifier.lowercased())) == Self.identifier)
    }

    @Test func makerNotesWithoutOneOrBrokenHaveNone() {
        let good = Self.makerNote()
        #expect(MotionParts.contentIdentifier(makerNote: Self.makerNote(tag: 0x000b)) == nil, "a burst's id is not a content identifier")
        #expect(MotionParts.contentIdentifier(makerNote: Array(good.prefix(40))) == nil, "the value cut off")
        #expect(MotionParts.contentIdentifier(makerNote: Array("Nikon\0".utf8) + Array(good.dropFirst(6))) == nil)
        var pointingAway = good
        pointingAway[27] = 0xFF  // the value's offset past the end
        #expect(MotionParts.contentIdentifier(makerNote: pointingAway) == nil)
        #expect(MotionParts.contentIdentifier(makerNote: Self.makerNote("has a space")) == nil)
    }

    @Test func theMotionsIdentifierIsReadFromAQuickTimeFilesKeys() throws {
        // setup: a MOV as an iPhone writes its Live Photo's motion (QuickTime keys, ffmpeg's `use_metadata_tags`).
        let path = try TestClips.liveMovie("live.mov", identifier: Self.identifier)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))

        // MUT
        let moov = try #require(
            MotionParts.topLevelBox("moov", fileSize: UInt64(bytes.count)) { offset, count in
                Array(bytes.dropFirst(Int(offset)).prefix(count))
            })
        let identifier = MotionParts.contentIdentifier(movie: Array(bytes[Int(moov.offset)..<Int(moov.offset + moov.size)]))

        // validate: and read from the file as the import does (its probe)
        #expect(identifier == Self.identifier)
        #expect(try VideoTools.installed().probe(path, container: .mov).contentIdentifier == Self.identifier)
        #expect(MotionParts.contentIdentifier(movieAt: try TestClips.h264()) == nil, "a movie without one")
        #expect(MotionParts.contentIdentifier(movie: Array(bytes.prefix(Int(moov.offset) + 40))) == nil, "a moov cut short")
    }

    @Test func aMotionPhotosVideoIsFoundFromItsXMP() {
        let directory = """
            <rdf:Description GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1"><Container:Directory><rdf:Seq>
              <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" \
              Item:Padding="0"/></rdf:li>
              <rdf:li rdf:parseType="Resource"><Container:Item Item:Length="123456" Item:Mime="video/mp4" \
              Item:Semantic="MotionPhoto" Item:Padding="0"/></rdf:li>
            </rdf:Seq></Container:Directory>
            """
        #expect(MotionParts.motionPhotoVideo(xmp: directory, fileSize: 1_000_000)! == (876_544, 123_456))
        #expect(
            MotionParts.motionPhotoVideo(xmp: #"<x GCamera:MicroVideo="1" GCamera:MicroVideoOffset="5000"/>"#, fileSize: 9000)! == (
                4000, 5000
            ))
        #expect(MotionParts.motionPhotoVideo(xmp: directory, fileSize: 100_000) == nil, "longer than the file")
        #expect(MotionParts.motionPhotoVideo(xmp: "<x:xmpmeta/>", fileSize: 100_000) == nil)
    }

    @Test func aSamsungMotionPhotosVideoIsFoundAfterItsMarker() {
        let video = [UInt8](repeating: 7, count: 100)
        let tail = Array("jpeg end".utf8) + Array("MotionPhoto_Data".utf8) + video + Array("SEFH".utf8) + [0, 0, 0, 0] + Array("SEFT".utf8)
        let found = MotionParts.samsungMotionVideo(tail: tail, tailOffset: 5000, fileSize: 5000 + UInt64(tail.count))
        #expect(found! == (5000 + 8 + 16, 100))
        #expect(MotionParts.samsungMotionVideo(tail: Array("no marker here".utf8), tailOffset: 0, fileSize: 14) == nil)
    }
}
