// Tests of Crypto/Secp256k1/Schnorr.swift against the BIP-340 test vectors.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

/// BIP-340 `test-vectors.csv` (bitcoin/bips 7fe0b034ec967b52a5a28276419117326df93263).
@Suite("Schnorr BIP-340")
struct SchnorrTests {
    struct SigningVector: Sendable, CustomTestStringConvertible {
        let index: Int
        let secretKey, publicKey, aux, message, signature: String
        var testDescription: String { "vector \(index)" }
    }

    struct VerifyVector: Sendable, CustomTestStringConvertible {
        let index: Int
        let publicKey, message, signature: String
        let valid: Bool
        let comment: String
        var testDescription: String { "vector \(index): \(comment)" }
    }

    static let signing: [SigningVector] = [
        SigningVector(
            index: 0,
            secretKey: "0000000000000000000000000000000000000000000000000000000000000003",
            publicKey: "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9",
            aux: "0000000000000000000000000000000000000000000000000000000000000000",
            message: "0000000000000000000000000000000000000000000000000000000000000000",
            signature: "E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA8215"
                + "25F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0"),
        SigningVector(
            index: 1,
            secretKey: "B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF",
            publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
            aux: "0000000000000000000000000000000000000000000000000000000000000001",
            message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
            signature: "6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE3341"
                + "8906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A"),
        SigningVector(
            index: 2,
            secretKey: "C90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B14E5C9",
            publicKey: "DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8",
            aux: "C87AA53824B4D7AE2EB035A2B5BBBCCC080E76CDC6D1692C4B0B62D798E6D906",
            message: "7E2D58D8B3BCDF1ABADEC7829054F90DDA9805AAB56C77333024B9D0A508B75C",
            signature: "5831AAEED7B44BB74E5EAB94BA9D4294C49BCF2A60728D8B4C200F50DD313C1B"
                + "AB745879A5AD954A72C45A91C3A51D3C7ADEA98D82F8481E0E1E03674A6F3FB7"),
        SigningVector(
            index: 3,
            secretKey: "0B432B2677937381AEF05BB02A66ECD012773062CF3FA2549E44F58ED2401710",
            publicKey: "25D1DFF95105F5253C4022F628A996AD3A0D95FBF21D468A1B33F8C160D8F517",
            aux: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
            message: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
            signature: "7EB0509757E246F19449885651611CB965ECC1A187DD51B64FDA1EDC9637D5EC"
                + "97582B9CB13DB3933705B32BA982AF5AF25FD78881EBB32771FC5922EFC66EA3"),
    ]

    static let pk = "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659"
    static let msg = "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89"

    static let verification: [VerifyVector] = [
        VerifyVector(
            index: 4, publicKey: "D69C3509BB99E412E68B0FE8544E72837DFA30746D8BE2AA65975F29D22DC7B9",
            message: "4DF3C3F68FCC83B27E9D42C90431A72499F17875C81A599B566C9889B9696703",
            signature: "00000000000000000000003B78CE563F89A0ED9414F5AA28AD0D96D6795F9C63"
                + "76AFB1548AF603B3EB45C9F8207DEE1060CB71C04E80F593060B07D28308D7F4",
            valid: true, comment: "valid"),
        VerifyVector(
            index: 6, publicKey: pk, message: msg,
            signature: "FFF97BD5755EEEA420453A14355235D382F6472F8568A18B2F057A1460297556"
                + "3CC27944640AC607CD107AE10923D9EF7A73C643E166BE5EBEAFA34B1AC553E2",
            valid: false, comment: "has_even_y(R) is false"),
        VerifyVector(
            index: 7, publicKey: pk, message: msg,
            signature: "1FA62E331EDBC21C394792D2AB1100A7B432B013DF3F6FF4F99FCB33E0E1515F"
                + "28890B3EDB6E7189B630448B515CE4F8622A954CFE545735AAEA5134FCCDB2BD",
            valid: false, comment: "negated message"),
        VerifyVector(
            index: 8, publicKey: pk, message: msg,
            signature: "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769"
                + "961764B3AA9B2FFCB6EF947B6887A226E8D7C93E00C5ED0C1834FF0D0C2E6DA6",
            valid: false, comment: "negated s value"),
        VerifyVector(
            index: 9, publicKey: pk, message: msg,
            signature: "0000000000000000000000000000000000000000000000000000000000000000"
                + "123DDA8328AF9C23A94C1FEECFD123BA4FB73476F0D594DCB65C6425BD186051",
            valid: false, comment: "sG - eP is infinite (x(inf) as 0)"),
        VerifyVector(
            index: 10, publicKey: pk, message: msg,
            signature: "0000000000000000000000000000000000000000000000000000000000000001"
                + "7615FBAF5AE28864013C099742DEADB4DBA87F11AC6754F93780D5A1837CF197",
            valid: false, comment: "sG - eP is infinite (x(inf) as 1)"),
        VerifyVector(
            index: 11, publicKey: pk, message: msg,
            signature: "4A298DACAE57395A15D0795DDBFD1DCB564DA82B0F269BC70A74F8220429BA1D"
                + "69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B",
            valid: false, comment: "sig[0:32] is not an X coordinate on the curve"),
        VerifyVector(
            index: 12, publicKey: pk, message: msg,
            signature: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F"
                + "69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B",
            valid: false, comment: "sig[0:32] is equal to field size"),
        VerifyVector(
            index: 13, publicKey: pk, message: msg,
            signature: "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769"
                + "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141",
            valid: false, comment: "sig[32:64] is equal to curve order"),
    ]

    @Test(arguments: signing)
    func signsExactly(_ v: SigningVector) throws {
        let key = try Scalar(hex: v.secretKey)
        #expect(key.publicKey.xOnly == (try Hex.decode(v.publicKey)))
        let message = try Hex.decode(v.message)
        let signature = try Schnorr.sign(message: message, key: key, auxiliaryRandomness: Hex.decode(v.aux))
        #expect(Hex.encode(signature) == v.signature.lowercased())
        #expect(Schnorr.verify(signature: signature, message: message, publicKey: key.publicKey))
        // Verification uses the key x-only: the odd-y twin of the key verifies too.
        #expect(Schnorr.verify(signature: signature, message: message, publicKey: key.publicKey.negated()))
    }

    @Test(arguments: verification)
    func verifies(_ v: VerifyVector) throws {
        let key = try Point(xOnly: Hex.decode(v.publicKey))
        let signature = try Hex.decode(v.signature)
        let ok = Schnorr.verify(signature: signature, message: try Hex.decode(v.message), publicKey: key)
        #expect(ok == v.valid)
    }

    @Test func publicKeysOffTheCurveCannotBeUsed() {
        // Vectors 5 and 14: the key is refused when parsed, before any verification.
        for x in [
            "EEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34",
            "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30",
        ] {
            #expect(throws: CryptoError.self) { try Point(xOnly: Hex.decode(x)) }
        }
    }

    @Test func rejectsWrongLengths() throws {
        let key = try Scalar(hex: Self.signing[1].secretKey)
        #expect(throws: CryptoError.self) { try Schnorr.sign(message: [], key: key) }
        #expect(throws: CryptoError.self) { try Schnorr.sign(message: [UInt8](repeating: 0, count: 33), key: key) }
        #expect(throws: CryptoError.self) {
            try Schnorr.sign(message: [UInt8](repeating: 0, count: 32), key: key, auxiliaryRandomness: [1])
        }
        let message = try Hex.decode(Self.signing[1].message)
        let signature = try Hex.decode(Self.signing[1].signature)
        #expect(!Schnorr.verify(signature: Array(signature.dropLast()), message: message, publicKey: key.publicKey))
        #expect(!Schnorr.verify(signature: signature + [0], message: message, publicKey: key.publicKey))
        #expect(!Schnorr.verify(signature: signature, message: Array(message.dropLast()), publicKey: key.publicKey))
    }

    @Test func randomAuxStillVerifies() throws {
        let key = Scalar.random()
        let message = [UInt8](repeating: 7, count: 32)
        let a = try Schnorr.sign(message: message, key: key)
        let b = try Schnorr.sign(message: message, key: key)
        #expect(a != b)
        #expect(Schnorr.verify(signature: a, message: message, publicKey: key.publicKey))
        #expect(!Schnorr.verify(signature: a, message: [UInt8](repeating: 8, count: 32), publicKey: key.publicKey))
        #expect(!Schnorr.verify(signature: a, message: message, publicKey: Scalar.random().publicKey))
    }
}
