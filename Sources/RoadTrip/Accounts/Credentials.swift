import Foundation
import TextRules

/// The rules for names and passwords, checked before anything is stored.
public enum Credentials {
    public static let maximumNameLength = 64
    public static let minimumPasswordLength = 10
    public static let maximumPasswordLength = 1024

    /// The name as it will be stored, by `TypedName`'s rule: surrounding spaces removed, in
    /// Unicode's composed form (NFC).
    public static func validName(_ raw: String) throws(AccountError) -> String {
        try TypedName.valid(raw, limit: maximumNameLength, failing: AccountError.self)
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

extension AccountError: TypedNameError {}
