import Foundation
import TextRules

/// The rules for names and passwords, checked before anything is stored.
public enum Credentials {
    public static let maximumNameLength = 64
    public static let minimumPasswordLength = 10
    public static let maximumPasswordLength = 1024

    /// The name as it will be stored: surrounding spaces removed, in Unicode's composed form (NFC).
    public static func validName(_ raw: String) throws(AccountError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw .nameEmpty }
        guard name.count <= maximumNameLength else { throw .nameTooLong(limit: maximumNameLength) }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .nameHasControlCharacters }
        guard !DirectionOverrides.found(in: name) else { throw .nameHasDirectionOverrides }
        return name
    }

    /// What tells names apart: "Åsa", "åsa" and "A\u{30A}sa" are one name. Full Unicode case
    /// folding of the composed form (SQLite's NOCASE folds A–Z only).
    public static func nameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
            .folding(options: .caseInsensitive, locale: nil).precomposedStringWithCanonicalMapping
    }


    /// A new password, typed twice. Counted in characters as a person sees them.
    public static func validNewPassword(_ password: String, repeated: String) throws(AccountError) {
        guard password.count >= minimumPasswordLength else { throw .passwordTooShort(minimum: minimumPasswordLength) }
        guard password.count <= maximumPasswordLength else { throw .passwordTooLong(limit: maximumPasswordLength) }
        guard !password.unicodeScalars.contains("\0") else { throw .passwordHasNulCharacter }
        guard password == repeated else { throw .passwordsDiffer }
    }
}
