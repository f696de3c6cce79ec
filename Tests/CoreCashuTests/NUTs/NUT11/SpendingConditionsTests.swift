// Tests for NUT-11 — SpendingConditions: tag rules, thresholds, locktime and key canonicalisation.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-11 spending conditions")
struct SpendingConditionsTests {
    static let k1 = SpendingFixtures.key(1).publicKey.hex
    static let k2 = SpendingFixtures.key(2).publicKey.hex
    static let k3 = SpendingFixtures.key(3).publicKey.hex

    static func conditions(data: String = k1, _ tags: [[String]]) throws -> SpendingConditions {
        let secret = WellKnownSecret.make(
            kind: .p2pk, nonce: "n", data: data, tags: try tags.map { try SecretTag($0[0], Array($0.dropFirst())) })
        return try SpendingConditions(try WellKnownSecret(parsing: secret.rawValue))
    }

    static func code(_ tags: [[String]], data: String = k1) -> SpendingConditionError.Code? {
        SpendingFixtures.code { _ = try conditions(data: data, tags) }
    }

    @Test func defaults() throws {
        let c = try Self.conditions([])
        #expect(c.sigFlag == .sigInputs)
        #expect(c.locktime == nil)
        #expect(c.main?.keys.map(\.hex) == [Self.k1])
        #expect(c.main?.threshold == 1)
        #expect(c.refund == nil)
        #expect(c.hashLock == nil)
    }

    @Test func fullSet() throws {
        let c = try Self.conditions([
            ["sigflag", "SIG_ALL"], ["pubkeys", Self.k2, Self.k3], ["n_sigs", "3"], ["locktime", "1700000000"],
            ["refund", Self.k2], ["n_sigs_refund", "1"],
        ])
        #expect(c.sigFlag == .sigAll)
        #expect(c.main?.keys.count == 3)
        #expect(c.main?.threshold == 3)
        #expect(c.locktime == 1_700_000_000)
        #expect(c.refund?.keys.map(\.hex) == [Self.k2])
    }

    @Test(
        arguments: [["sigflag", "SIG_NONE"], ["sigflag"], ["sigflag", "SIG_ALL", "SIG_INPUTS"], ["sigflag", "sig_all"]])
    func badSigFlag(_ tag: [String]) {
        #expect(Self.code([tag]) == .invalidSigFlag)
    }

    @Test(arguments: ["0", "-1", "+1", "1.0", "two", " 1", "99999999999999999999999"])
    func nSigsMustBeAPositiveInteger(_ value: String) {
        #expect(Self.code([["n_sigs", value]]) == .invalidSignatureThreshold)
        #expect(Self.code([["refund", Self.k2], ["n_sigs_refund", value]]) == .invalidSignatureThreshold)
    }

    @Test func nSigsCannotExceedThePathway() throws {
        #expect(Self.code([["n_sigs", "2"]]) == .invalidSignatureThreshold)
        #expect(try Self.conditions([["pubkeys", Self.k2], ["n_sigs", "2"]]).main?.threshold == 2)
        #expect(Self.code([["pubkeys", Self.k2], ["n_sigs", "3"]]) == .invalidSignatureThreshold)
        #expect(Self.code([["refund", Self.k2], ["n_sigs_refund", "2"]]) == .invalidSignatureThreshold)
        #expect(Self.code([["n_sigs_refund", "1"]]) == .invalidSignatureThreshold)
        #expect(Self.code([["n_sigs", "1", "2"]]) == .invalidSignatureThreshold)
    }

    @Test(arguments: ["sigflag", "pubkeys", "n_sigs", "locktime", "refund", "n_sigs_refund"])
    func knownTagsMayAppearOnce(_ key: String) {
        let value: String
        switch key {
        case "sigflag": value = "SIG_ALL"
        case "pubkeys", "refund": value = Self.k2
        case "locktime": value = "5"
        default: value = "1"
        }
        #expect(Self.code([[key, value], [key, value]]) == .duplicateTag)
    }

    @Test func unknownTagsMayRepeat() throws {
        _ = try Self.conditions([["memo", "a"], ["memo", "b"]])
    }

    @Test(arguments: ["", "abc", "-5", "1e9", "12.5", "99999999999999999999999"])
    func invalidLocktimeMeansPermanent(_ value: String) throws {
        if value.isEmpty {
            #expect(Self.code([["locktime", value]]) != nil)  // an empty string is not even a valid tag
            return
        }
        let c = try Self.conditions([["locktime", value], ["refund", Self.k2]])
        #expect(c.locktime == nil)
        #expect(!c.isExpired(at: .max))
    }

    @Test func locktimeBoundary() throws {
        let c = try Self.conditions([["locktime", "1000"]])
        #expect(!c.isExpired(at: 999))
        #expect(!c.isExpired(at: 1000))  // NUT-11: expired once the clock is *greater* than locktime
        #expect(c.isExpired(at: 1001))
    }

    @Test func duplicateKeysByXCoordinate() {
        let odd = "03" + Self.k2.dropFirst(2)
        let upper = Self.k2.uppercased()
        #expect(Self.code([["pubkeys", Self.k2, upper]]) == .duplicateKey)
        #expect(Self.code([["pubkeys", String(odd)]], data: Self.k2) == .duplicateKey)
        #expect(Self.code([["refund", Self.k2, String(odd)]]) == .duplicateKey)
    }

    @Test func sameKeyInBothPathwaysIsAllowed() throws {
        let c = try Self.conditions([["refund", Self.k1]])
        #expect(c.refund?.contains(SpendingFixtures.key(1).publicKey) == true)
    }

    @Test(arguments: ["", "02", "zz", "04" + String(repeating: "11", count: 64), String(repeating: "0", count: 66)])
    func invalidKeys(_ key: String) {
        #expect(Self.code([], data: key.isEmpty ? "00" : key) == .invalidPublicKey)
        if !key.isEmpty { #expect(Self.code([["pubkeys", key]]) == .invalidPublicKey) }
    }

    @Test func tooManyKeys() {
        let keys = (1...SignaturePathway.maxKeys).map { SpendingFixtures.key(UInt8($0)).publicKey.hex }
        #expect(Self.code([["pubkeys"] + keys]) == .limitExceeded)
    }

    @Test func otherKindsAreUnsupported() throws {
        let secret = try WellKnownSecret(parsing: "[\"FUTURE\",{\"nonce\":\"n\",\"data\":\"d\"}]")
        #expect(SpendingFixtures.code { _ = try SpendingConditions(secret) } == .unsupportedKind)
    }

    @Test func creationRefusesImpossibleLocks() throws {
        let key = SpendingFixtures.key(1).publicKey
        let ok = try WellKnownSecret.p2pk(
            lockedTo: key,
            options: LockOptions(
                additionalKeys: [SpendingFixtures.key(2).publicKey], requiredSignatures: 2, locktime: 10,
                refundKeys: [key], sigFlag: .sigAll))
        let c = try SpendingConditions(try WellKnownSecret(parsing: ok.rawValue))
        #expect(c.main?.threshold == 2)
        #expect(c.sigFlag == .sigAll)
        #expect(c.locktime == 10)
        #expect(SpendingFixtures.code {
            _ = try WellKnownSecret.p2pk(lockedTo: key, options: .init(requiredSignatures: 0))
        } == .invalidSignatureThreshold)
        #expect(SpendingFixtures.code {
            _ = try WellKnownSecret.p2pk(lockedTo: key, options: .init(additionalKeys: [key]))
        } == .duplicateKey)
    }
}
