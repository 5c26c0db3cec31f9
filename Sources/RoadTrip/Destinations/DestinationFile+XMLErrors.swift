extension DestinationFile.PropertyListTreeBuilder {
    /// What an `XMLParser` error code (libxml2's own numbering) means, in words.
    static func xmlProblem(code: Int) -> String {
        switch code {
        case 4: "the document is empty or has no root element"
        case 5, 86: "extra content after the end of the document"
        case 6, 7, 8: "a character reference that is not valid"
        case 9: "a character that XML does not allow"
        case 23: "an entity reference without its ';'"
        case 26, 27: "an entity reference to an entity that is not declared"
        case 31, 32, 79, 81: "an unknown or unsupported character encoding"
        case 33, 34, 43, 44: "a quoted value that is not closed"
        case 38, 39, 40, 41: "an attribute that is not well-formed"
        case 42: "an attribute given twice"
        case 45: "a comment that is not closed"
        case 63: "a CDATA section that is not closed"
        case 64: "an XML declaration that is not at the very start of the file"
        case 68: "a name is missing (a stray '<' or '&' must be written &lt; or &amp;)"
        case 73: "a tag without its closing '>'"
        case 76: "a closing tag that does not match its opening tag"
        case 77, 85: "the document ends before its elements are closed"
        case 89: "an entity that refers to itself"
        default: "XML error \(code)"
        }
    }
}
