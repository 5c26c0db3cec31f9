import Crypto
import Testing

@Suite struct Base64URLTests {
    @Test func everyLengthFrom0To40RoundTripsWithoutPadding() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...40 {
            // setup
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }

            // MUT
            let encoded = Base64URL.encode(bytes)
            let decoded = Base64URL.decode(encoded)

            // validate
            #expect(decoded == bytes, "length \(length): \(encoded)")
            #expect(encoded.utf8.count == (length * 4 + 2) / 3, "length \(length): \(encoded)")
            #expect(encoded.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }, "\(encoded)")
        }
    }

    @Test func theExtremesOfEveryByteRoundTrip() {
        for bytes in [[UInt8](repeating: 0, count: 32), [UInt8](repeating: 0xFF, count: 32), Array(0...255)] {
            // MUT + validate
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
    }

    @Test func encodingMatchesTheRFC4648VectorsInTheURLAlphabet() {
        // MUT + validate: RFC 4648 §10 without padding, and the two characters §5 replaces.
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (text, encoded) in vectors {
            #expect(Base64URL.encode(Array(text.utf8)) == encoded, "\(text)")
            #expect(Base64URL.decode(encoded) == Array(text.utf8), "\(encoded)")
        }
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.encode([0xFB, 0xEF, 0xBE]) == "----")
        #expect(Base64URL.encode([0xFF, 0xFF, 0xFF]) == "____")
    }

    @Test(arguments: [
        "Zg==",  // padding
        "Zm8=",
        "Zh",  // "f" with trailing bits set: not canonical
        "Zm9",  // "fo" with trailing bits set
        "Zm9vYh",
        "Z",  // a length no encoding has
        "Zm9vY",
        "+_8",  // the standard alphabet
        "-/8",
        "Zm9v ",  // whitespace
        " Zm9v",
        "Zm\n9v",
        "Zm9v\0",
        "Zm9vé",  // not ASCII
        "Zm9v%3D",
    ])
    func nonCanonicalInputIsRefused(text: String) {
        // MUT + validate
        #expect(Base64URL.decode(text) == nil, "\(text) decoded to \(String(describing: Base64URL.decode(text)))")
    }
}

@Suite struct SecureRandomTests {
    @Test func aTokenIs43URLSafeCharactersOf256Bits() {
        // MUT
        let token = SecureRandom.token()

        // validate
        #expect(token.utf8.count == 43)
        #expect(Base64URL.decode(token)?.count == 32)
    }

    @Test func tokensDoNotRepeat() {
        // MUT
        let tokens = (0..<1000).map { _ in SecureRandom.token() }

        // validate
        #expect(Set(tokens).count == tokens.count)
        #expect(tokens.allSatisfy { $0.utf8.count == 43 })
    }

    @Test func bytesAreAsManyAsAskedAndNotAllZero() {
        // MUT
        let sizes = [0, 1, 16, 32, 1000]
        let samples = sizes.map(SecureRandom.bytes)

        // validate
        #expect(samples.map(\.count) == sizes)
        #expect(samples[4].contains { $0 != 0 }, "1000 random bytes are never all zero")
        #expect(Set(samples[4]).count > 100, "1000 random bytes take many values")
    }
}

@Suite struct ConstantTimeEqualsTests {
    @Test func equalBytesAreEqual() {
        // MUT + validate
        #expect(constantTimeEquals([], []))
        #expect(constantTimeEquals([1], [1]))
        #expect(constantTimeEquals(Array("same token".utf8), Array("same token".utf8)))
    }

    @Test func aDifferenceAnywhereOrInLengthIsNotEqual() {
        // setup
        let token = Array(SecureRandom.token().utf8)

        for index in [0, token.count / 2, token.count - 1] {
            // MUT
            var changed = token
            changed[index] ^= 0x01

            // validate
            #expect(!constantTimeEquals(token, changed), "differs at \(index)")
        }
        #expect(!constantTimeEquals(token, Array(token.dropLast())))
        #expect(!constantTimeEquals(token, token + [0]))
        #expect(!constantTimeEquals(token, []))
        #expect(!constantTimeEquals([], token))
    }
}
