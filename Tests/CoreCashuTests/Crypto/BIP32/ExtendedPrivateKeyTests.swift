// Tests for Sources/CashuEngine/Crypto/BIP32/ExtendedPrivateKey.swift: BIP-32 test vectors 1–4 on private keys.

import Crypto
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("BIP-32 extended private keys")
struct ExtendedPrivateKeyTests {
    /// bip-0032.mediawiki (github.com/bitcoin/bips), test vectors 1–4: a `seed` line, then `path xprv` lines (a
    /// trailing `\` continues a line).
    static let vectorText = """
        seed 000102030405060708090a0b0c0d0e0f
        m \
        xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi
        m/0' \
        xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7
        m/0'/1 \
        xprv9wTYmMFdV23N2TdNG573QoEsfRrWKQgWeibmLntzniatZvR9BmLnvSxqu53Kw1UmYPxLgboyZQaXwTCg8MSY3H2EU4pWcQDnRnrVA1xe8fs
        m/0'/1/2' \
        xprv9z4pot5VBttmtdRTWfWQmoH1taj2axGVzFqSb8C9xaxKymcFzXBDptWmT7FwuEzG3ryjH4ktypQSAewRiNMjANTtpgP4mLTj34bhnZX7UiM
        m/0'/1/2'/2 \
        xprvA2JDeKCSNNZky6uBCviVfJSKyQ1mDYahRjijr5idH2WwLsEd4Hsb2Tyh8RfQMuPh7f7RtyzTtdrbdqqsunu5Mm3wDvUAKRHSC34sJ7in334
        m/0'/1/2'/2/1000000000 \
        xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76
        seed \
        fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a2\
        9f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542
        m \
        xprv9s21ZrQH143K31xYSDQpPDxsXRTUcvj2iNHm5NUtrGiGG5e2DtALGdso3pGz6ssrdK4PFmM8NSpSBHNqPqm55Qn3LqFtT2emdEXVYsCzC2U
        m/0 \
        xprv9vHkqa6EV4sPZHYqZznhT2NPtPCjKuDKGY38FBWLvgaDx45zo9WQRUT3dKYnjwih2yJD9mkrocEZXo1ex8G81dwSM1fwqWpWkeS3v86pgKt
        m/0/2147483647' \
        xprv9wSp6B7kry3Vj9m1zSnLvN3xH8RdsPP1Mh7fAaR7aRLcQMKTR2vidYEeEg2mUCTAwCd6vnxVrcjfy2kRgVsFawNzmjuHc2YmYRmagcEPdU9
        m/0/2147483647'/1 \
        xprv9zFnWC6h2cLgpmSA46vutJzBcfJ8yaJGg8cX1e5StJh45BBciYTRXSd25UEPVuesF9yog62tGAQtHjXajPPdbRCHuWS6T8XA2ECKADdw4Ef
        m/0/2147483647'/1/2147483646' \
        xprvA1RpRA33e1JQ7ifknakTFpgNXPmW2YvmhqLQYMmrj4xJXXWYpDPS3xz7iAxn8L39njGVyuoseXzU6rcxFLJ8HFsTjSyQbLYnMpCqE2VbFWc
        m/0/2147483647'/1/2147483646'/2 \
        xprvA2nrNbFZABcdryreWet9Ea4LvTJcGsqrMzxHx98MMrotbir7yrKCEXw7nadnHM8Dq38EGfSh6dqA9QWTyefMLEcBYJUuekgW4BYPJcr9E7j
        seed \
        4b381541583be4423346c643850da4b320e46a87ae3d2a4e6da11eba819cd4ac\
        ba45d239319ac14f863b8d5ab5a0d0c64d2e8a1e7d1457df2e5a3c51c73235be
        m \
        xprv9s21ZrQH143K25QhxbucbDDuQ4naNntJRi4KUfWT7xo4EKsHt2QJDu7KXp1A3u7Bi1j8ph3EGsZ9Xvz9dGuVrtHHs7pXeTzjuxBrCmmhgC6
        m/0' \
        xprv9uPDJpEQgRQfDcW7BkF7eTya6RPxXeJCqCJGHuCJ4GiRVLzkTXBAJMu2qaMWPrS7AANYqdq6vcBcBUdJCVVFceUvJFjaPdGZ2y9WACViL4L
        seed 3ddd5602285899a946114506157c7997e5444528f3003f6134712147db19b678
        m \
        xprv9s21ZrQH143K48vGoLGRPxgo2JNkJ3J3fqkirQC2zVdk5Dgd5w14S7fRDyHH4dWNHUgkvsvNDCkvAwcSHNAQwhwgNMgZhLtQC63zxwhQmRv
        m/0' \
        xprv9vB7xEWwNp9kh1wQRfCCQMnZUEG21LpbR9NPCNN1dwhiZkjjeGRnaALmPXCX7SgjFTiCTT6bXes17boXtjq3xLpcDjzEuGLQBM5ohqkao9G
        m/0'/1' \
        xprv9xJocDuwtYCMNAo3Zw76WENQeAS6WGXQ55RCy7tDJ8oALr4FWkuVoHJeHVAcAqiZLE7Je3vZJHxspZdFHfnBEjHqU5hG1Jaj32dVoS6XLT1
        """

    struct Step: Sendable, CustomTestStringConvertible {
        let seed: String
        let path: String
        let xprv: String
        var testDescription: String { "seed \(seed.prefix(8))… \(path)" }
    }

    static let steps: [Step] = {
        var seed = ""
        var out = [Step]()
        for line in vectorText.split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            if parts[0] == "seed" {
                seed = parts[1]
            } else {
                out.append(Step(seed: seed, path: parts[0], xprv: parts[1]))
            }
        }
        return out
    }()

    @Test("the vector list is complete")
    func vectorCount() {
        #expect(Self.steps.count == 17)
    }

    @Test("private key, chain code and depth at each path", arguments: steps)
    func vector(_ step: Step) throws {
        let payload = try #require(Base58Check.decode(step.xprv))
        #expect(payload.count == 78)
        let master = try ExtendedPrivateKey(seed: SecureBytes(try Hex.decode(step.seed)))
        let node = try master.deriving(try DerivationPath(parsing: step.path))
        #expect(node.depth == Int(payload[4]))
        #expect(node.chainCode.exposedSecretBytes == Array(payload[13..<45]))
        #expect(payload[45] == 0)
        #expect(node.privateKey.exposedSecretBytes == Array(payload[46..<78]))
    }

    @Test("deriving step by step equals deriving the path")
    func stepwise() throws {
        let master = try ExtendedPrivateKey(seed: SecureBytes(try Hex.decode("000102030405060708090a0b0c0d0e0f")))
        let path = try DerivationPath(parsing: "m/0'/1/2'/2/1000000000")
        var node = master
        for component in path.components { node = try node.derivingChild(component) }
        #expect(node.privateKey == (try master.deriving(path)).privateKey)
        let pub = node.publicKey.compressedRepresentation
        let a = try node.derivingChild(.normal(7), parentPublicKey: pub)
        #expect(a.privateKey == (try node.derivingChild(.normal(7))).privateKey)
    }

    @Test("seeds outside 16...64 bytes are rejected", arguments: [0, 15, 65, 128])
    func seedLength(_ n: Int) {
        #expect(throws: CoreCashu.CryptoError.self) { try ExtendedPrivateKey(seed: SecureBytes(count: n)) }
    }

    @Test("a key prints redacted")
    func redaction() throws {
        let master = try ExtendedPrivateKey(seed: SecureBytes(count: 32))
        #expect(master.description == "<redacted>")
        #expect(!String(reflecting: master).contains(master.privateKey.exposedSecretHex))
    }
}

/// Base58Check decoding for the test vectors (test-only; quadratic, fine for 111 characters).
enum Base58Check {
    static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

    /// The payload without its 4-byte checksum, or nil.
    static func decode(_ text: String) -> [UInt8]? {
        var bytes = [UInt8]()  // little-endian
        for char in text.utf8 {
            guard let digit = alphabet.firstIndex(of: char) else { return nil }
            var carry = digit
            for i in bytes.indices {
                carry += Int(bytes[i]) * 58
                bytes[i] = UInt8(carry & 0xff)
                carry >>= 8
            }
            while carry > 0 {
                bytes.append(UInt8(carry & 0xff))
                carry >>= 8
            }
        }
        let zeros = text.utf8.prefix(while: { $0 == UInt8(ascii: "1") }).count
        let full = [UInt8](repeating: 0, count: zeros) + bytes.reversed()
        guard full.count > 4 else { return nil }
        let payload = Array(full.dropLast(4))
        let check = SHA256.hash(data: Array(SHA256.hash(data: payload))).prefix(4)
        return Array(check) == Array(full.suffix(4)) ? payload : nil
    }
}
