/// Why an account operation was refused, in words for the person who asked.
public enum AccountError: Error, Sendable, Equatable, CustomStringConvertible {
    case nameEmpty
    case nameTooLong(limit: Int)
    case nameHasControlCharacters
    case nameHasDirectionOverrides
    case nameTaken(String)
    case passwordTooShort(minimum: Int)
    case passwordTooLong(limit: Int)
    case passwordHasNulCharacter
    case passwordsDiffer
    case wrongCurrentPassword
    /// Too many wrong current passwords: try again after this many seconds.
    case tooManyAttempts(waitSeconds: Int64)
    case noSuchAccount
    case cannotRemoveYourself
    case ownPasswordUnderYourAccount
    case lastOwner
    case setupTokenInvalid
    case alreadySetUp

    public var description: String {
        switch self {
        case .nameEmpty: "Enter a name."
        case .nameTooLong(let limit): "A name can be at most \(limit) characters long."
        case .nameHasControlCharacters: "A name cannot contain control characters."
        case .nameHasDirectionOverrides: "A name cannot contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)."
        case .nameTaken(let name): "There is already an account named \(name)."
        case .passwordTooShort(let minimum): "A password needs at least \(minimum) characters."
        case .passwordTooLong(let limit): "A password can be at most \(limit) characters long."
        case .passwordHasNulCharacter: "A password cannot contain a NUL character."
        case .passwordsDiffer: "The two passwords are not the same."
        case .wrongCurrentPassword: "The current password is not right."
        case .tooManyAttempts(let seconds): AccountError.waitMessage(seconds)
        case .noSuchAccount: "There is no such account."
        case .cannotRemoveYourself: "You cannot remove your own account."
        case .ownPasswordUnderYourAccount: "Change your own password under Your account: it asks for the current one."
        case .lastOwner: "The last owner account cannot be removed."
        case .setupTokenInvalid: "This setup link is not valid (any more). Restart RoadTrip to get a new one if no account exists yet."
        case .alreadySetUp: "RoadTrip is already set up: sign in instead."
        }
    }
}

extension AccountError {
    /// What a person held by the sign-in throttle is told: the wait in whole minutes.
    public static func waitMessage(_ seconds: Int64) -> String {
        let minutes = (seconds + 59) / 60
        let wait = minutes <= 1 ? "a minute" : "\(minutes) minutes"
        return "Too many attempts. For your safety, try again in \(wait)."
    }
}
