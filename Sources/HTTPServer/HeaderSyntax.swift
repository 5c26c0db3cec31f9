/// RFC 9110 field syntax, for refusing what libmicrohttpd lets through: a name with spaces
/// (`Content-Length : 5` is then not a Content-Length, and the body reads as a second request)
/// or a value with a bare CR or NUL.
package enum HeaderSyntax {
    package static func isValid(_ field: (name: String, value: String)) -> Bool {
        isToken(field.name) && !field.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }

    /// `token = 1*tchar`; tchar is a letter, a digit or one of ``!#$%&'*+-.^_`|~``.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default:
                    Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
                }
            }
    }
}
