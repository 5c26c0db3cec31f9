import Imaging
import TestSupport

extension TemporaryFolder {
    /// A photo drawn into this folder for a command to import, with its camera's EXIF: by
    /// default a JPEG taken at the Metropolitan Museum in New York. Returns its path.
    func drawPhoto(
        _ name: String, format: ImageFormat = .jpeg, seed: UInt64 = 1, at coordinate: (Double, Double)? = (40.7752, -73.9716),
        width: Int = 200, height: Int = 150
    ) throws -> String {
        let metadata = PhotoMetadata(
            takenAt: "2024-10-19T09:12:40", latitude: coordinate?.0, longitude: coordinate?.1,
            cameraMake: "Fujifilm", cameraModel: "X-T5")
        try SyntheticPhoto.write(to: file(name), format: format, width: width, height: height, metadata: metadata, seed: seed)
        return file(name)
    }
}
