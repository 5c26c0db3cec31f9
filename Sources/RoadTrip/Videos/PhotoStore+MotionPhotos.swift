import Foundation
import Imaging
import SQLDatabase
import SystemCalls
import Video

/// Motion Photos: a Pixel's or a Galaxy's JPEG carries its few seconds of video inside it, after
/// the picture (Google's XMP says where, Samsung's trailer marks it). The still is imported as it
/// is (its original keeps every byte); the video is copied out of it, checked by FFmpeg like any
/// video, and kept as the still's motion (`motion = 'motion'`), with its rendition made in the
/// background as a Live Photo's is.
extension PhotoStore {
    /// A still's embedded video, copied out and read: what its row and its video's row need.
    struct EmbeddedMotion {
        let facts: VideoFacts
        let container: VideoContainer
        let sha256: String
        let byteCount: Int
    }

    /// The video inside the JPEG at `path`, stored as a video file of the library; nil when it
    /// holds none. A video that is there but cannot be read is said in `warnings` (the still is
    /// imported without it).
    func embeddedMotion(in path: String, warnings: inout [String]) -> EmbeddedMotion? {
        guard let place = MotionPhotoFile.embeddedVideo(inStillAt: path) else { return nil }
        guard place.length <= video.maximumSize, let byteCount = Int(exactly: place.length) else {
            warnings.append("its motion is larger than the video size limit, so it was left out")
            return nil
        }
        // A temporary name (`Library.isTemporary`): a crash's leftover is found and removed.
        let extracted = files.folder.path + "/originals/.motion-\(UUID().uuidString).tmp"
        defer { unlink(extracted) }
        do {
            try MotionPhotoFile.copy(from: path, range: place, to: extracted)
            var facts = try video.tools.probe(extracted, container: .mp4)
            facts.contentIdentifier = nil
            let (sha256, copy) = try files.stageOriginal(from: extracted)
            if try photo(videoSHA256: sha256) != nil {
                // The same bytes are another item's video already (a copy of this photo, edited).
                warnings.append("its motion is another photo's already, so it was left out")
                return nil
            }
            try files.storeVideo(copy, sha256: sha256, container: .mp4)
            return EmbeddedMotion(facts: facts, container: .mp4, sha256: sha256, byteCount: byteCount)
        } catch let error as VideoError {
            warnings.append("its motion could not be read (\(error.description)), so it was left out")
        } catch {
            warnings.append("its motion could not be stored (\(error)), so it was left out")
        }
        return nil
    }
}
