extension Array where Element == String {
    /// The words as a sentence lists them: "a", "a and b", "a, b and c"; "" for none.
    public var listedInASentence: String {
        count <= 1 ? first ?? "" : dropLast().joined(separator: ", ") + " and " + self[count - 1]
    }
}
