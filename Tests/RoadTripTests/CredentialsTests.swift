import Testing
@testable import RoadTrip

/// The rules for names and passwords, checked before anything is hashed or stored.
@Suite struct CredentialsTests {
    // MARK: names

    @Test func aNameIsStoredWithoutSurroundingSpace() throws {
        // MUT + validate
        #expect(try Credentials.validName("  Ann Smith \n") == "Ann Smith")
        #expect(try Credentials.validName("\u{00A0}Zoë\t") == "Zoë")
    }

    @Test(arguments: ["", " ", "\n\t ", "\u{00A0}\u{2003}"])
    func anEmptyNameIsRefused(name: String) {
        // MUT + validate
        #expect(throws: AccountError.nameEmpty) { try Credentials.validName(name) }
    }

    @Test func aNameMayHave64CharactersAndNoMore() throws {
        // MUT + validate: characters as a person counts them, not bytes.
        #expect(try Credentials.validName(String(repeating: "a", count: 64)).count == 64)
        #expect(try Credentials.validName(String(repeating: "ü", count: 64)).count == 64)
        #expect(try Credentials.validName(String(repeating: "👩‍👩‍👧", count: 64)).count == 64)
        #expect(throws: AccountError.nameTooLong(limit: 64)) { try Credentials.validName(String(repeating: "a", count: 65)) }
        #expect(throws: AccountError.nameTooLong(limit: 64)) { try Credentials.validName(String(repeating: "x", count: 10_000)) }
    }

    @Test(arguments: ["An\nn", "An\rn", "A\tnn", "Ann\u{0}", "Ann\u{1B}[31m", "Ann\u{7F}", "An\u{85}n", "An\u{9B}n"])
    func aNameWithAControlCharacterIsRefused(name: String) {
        // MUT + validate
        #expect(throws: AccountError.nameHasControlCharacters) { try Credentials.validName(name) }
    }

    @Test(arguments: [
        "\u{202E}nnA", "Ann\u{202D}x", "A\u{202A}nn", "A\u{202B}nn", "A\u{202C}nn", "\u{2066}Ann", "A\u{2067}nn", "A\u{2068}nn",
        "Ann\u{2069}",
    ])
    func aNameWithABidirectionalOverrideIsRefused(name: String) {
        // MUT + validate
        #expect(throws: AccountError.nameHasDirectionOverrides) { try Credentials.validName(name) }
    }

    @Test(arguments: ["Ann", "Zoë", "李雷", "Ann-Marie O'Neil", "Ольга", "ناصر", "<script>alert(1)</script>"])
    func ordinaryNamesInAnyScriptAreAccepted(name: String) throws {
        // MUT + validate
        #expect(try Credentials.validName(name) == name)
    }

    // MARK: passwords

    @Test func aPasswordNeedsTenCharacters() throws {
        // MUT + validate
        #expect(throws: AccountError.passwordTooShort(minimum: 10)) { try Credentials.validNewPassword("123456789", repeated: "123456789") }
        #expect(throws: AccountError.passwordTooShort(minimum: 10)) { try Credentials.validNewPassword("", repeated: "") }
        try Credentials.validNewPassword("1234567890", repeated: "1234567890")
    }

    @Test func aPasswordIsCountedInCharactersNotBytes() throws {
        // setup: ten characters as a person sees them, more bytes and scalars than that.
        let decomposed = String(repeating: "e\u{301}", count: 10)
        let nine = String(repeating: "ü", count: 9)

        // MUT + validate
        try Credentials.validNewPassword(decomposed, repeated: decomposed)
        #expect(throws: AccountError.passwordTooShort(minimum: 10)) { try Credentials.validNewPassword(nine, repeated: nine) }
    }

    @Test func aPasswordMayHave1024CharactersAndNoMore() throws {
        // setup
        let longest = String(repeating: "p", count: 1024)
        let tooLong = String(repeating: "p", count: 1025)

        // MUT + validate
        try Credentials.validNewPassword(longest, repeated: longest)
        #expect(throws: AccountError.passwordTooLong(limit: 1024)) { try Credentials.validNewPassword(tooLong, repeated: tooLong) }
    }

    @Test func aPasswordMustBeTypedTheSameTwice() throws {
        // MUT + validate
        #expect(throws: AccountError.passwordsDiffer) {
            try Credentials.validNewPassword("correct horse battery", repeated: "correct horse batterY")
        }
        #expect(throws: AccountError.passwordsDiffer) { try Credentials.validNewPassword("correct horse battery", repeated: "") }
    }

    @Test func aPasswordWithANulCharacterIsRefused() {
        // MUT + validate
        #expect(throws: AccountError.passwordHasNulCharacter) {
            try Credentials.validNewPassword("correct\0horse battery", repeated: "correct\0horse battery")
        }
    }

    @Test func everyRefusalSaysWhatIsWrongInWords() {
        // MUT + validate
        #expect(AccountError.passwordTooShort(minimum: 10).description == "A password needs at least 10 characters.")
        #expect(AccountError.nameTooLong(limit: 64).description == "A name can be at most 64 characters long.")
        #expect(AccountError.passwordsDiffer.description == "The two passwords are not the same.")
        #expect(AccountError.nameTaken("Ann").description == "There is already an account named Ann.")
    }
}
