// Tests for Sources/CashuEngine/Crypto/BIP39/Mnemonic.swift: the official BIP-39 English vectors and bad phrases.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("BIP-39 mnemonic")
struct MnemonicTests {
    /// The English vectors of trezor/python-mnemonic (PyPI `mnemonic` 0.21, vectors.json), passphrase "TREZOR":
    /// entropy, mnemonic, seed, three lines per vector (12, 18 and 24 words); a trailing `\` continues a line.
    static let vectorText = """
        00000000000000000000000000000000
        abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about
        c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e5349553\
        1f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04
        7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f
        legal winner thank year wave sausage worth useful legal winner thank yellow
        2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6f\
        a457fe1296106559a3c80937a1c1069be3a3a5bd381ee6260e8d9739fce1f607
        80808080808080808080808080808080
        letter advice cage absurd amount doctor acoustic avoid letter advice cage above
        d71de856f81a8acc65e6fc851a38d4d7ec216fd0796d0a6827a3ad6ed5511a30\
        fa280f12eb2e47ed2ac03b5c462a0358d18d69fe4f985ec81778c1b370b652a8
        ffffffffffffffffffffffffffffffff
        zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong
        ac27495480225222079d7be181583751e86f571027b0497b5b5d11218e0a8a13\
        332572917f0f8e5a589620c6f15b11c61dee327651a14c34e18231052e48c069
        000000000000000000000000000000000000000000000000
        abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon \
        abandon abandon abandon abandon agent
        035895f2f481b1b0f01fcf8c289c794660b289981a78f8106447707fdd9666ca\
        06da5a9a565181599b79f53b844d8a71dd9f439c52a3d7b3e8a79c906ac845fa
        7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f
        legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal will
        f2b94508732bcbacbcc020faefecfc89feafa6649a5491b8c952cede496c214a\
        0c7b3c392d168748f2d4a612bada0753b52a1c7ac53c1e93abd5c6320b9e95dd
        808080808080808080808080808080808080808080808080
        letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic avoid \
        letter always
        107d7c02a5aa6f38c58083ff74f04c607c2d2c0ecc55501dadd72d025b751bc2\
        7fe913ffb796f841c49b1d33b610cf0e91d3aa239027f5e99fe4ce9e5088cd65
        ffffffffffffffffffffffffffffffffffffffffffffffff
        zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo when
        0cd6e5d827bb62eb8fc1e262254223817fd068a74b5b449cc2f667c3f1f985a7\
        6379b43348d952e2265b4cd129090758b3e3c2c49103b5051aac2eaeb890a528
        0000000000000000000000000000000000000000000000000000000000000000
        abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon \
        abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon art
        bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd30971\
        70af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8
        7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f
        legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal \
        winner thank year wave sausage worth title
        bc09fca1804f7e69da93c2f2028eb238c227f2e9dda30cd63699232578480a40\
        21b146ad717fbb7e451ce9eb835f43620bf5c514db0f8add49f5d121449d3e87
        8080808080808080808080808080808080808080808080808080808080808080
        letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic avoid \
        letter advice cage absurd amount doctor acoustic bless
        c0c519bd0e91a2ed54357d9d1ebef6f5af218a153624cf4f2da911a0ed8f7a09\
        e2ef61af0aca007096df430022f7a2b6fb91661a9589097069720d015e4e982f
        ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
        zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo vote
        dd48c104698c30cfe2b6142103248622fb7bb0ff692eebb00089b32d22484e16\
        13912f0a5b694407be899ffd31ed3992c456cdf60f5d4564b8ba3f05a69890ad
        9e885d952ad362caeb4efe34a8e91bd2
        ozone drill grab fiber curtain grace pudding thank cruise elder eight picnic
        274ddc525802f7c828d8ef7ddbcdc5304e87ac3535913611fbbfa986d0c9e547\
        6c91689f9c8a54fd55bd38606aa6a8595ad213d4c9c9f9aca3fb217069a41028
        6610b25967cdcca9d59875f5cb50b0ea75433311869e930b
        gravity machine north sort system female filter attitude volume fold club stay feature office ecology stable \
        narrow fog
        628c3827a8823298ee685db84f55caa34b5cc195a778e52d45f59bcf75aba68e\
        4d7590e101dc414bc1bbd5737666fbbef35d1f1903953b66624f910feef245ac
        68a79eaca2324873eacc50cb9c6eca8cc68ea5d936f98787c60c7ebc74e6ce7c
        hamster diagram private dutch cause delay private meat slide toddler razor book happy fancy gospel tennis \
        maple dilemma loan word shrug inflict delay length
        64c87cde7e12ecf6704ab95bb1408bef047c22db4cc7491c4271d170a1b213d2\
        0b385bc1588d9c7b38f1b39d415665b8a9030c9ec653d75e65f847d8fc1fc440
        c0ba5a8e914111210f2bd131f3d5e08d
        scheme spot photo card baby mountain device kick cradle pact join borrow
        ea725895aaae8d4c1cf682c1bfd2d358d52ed9f0f0591131b559e2724bb234fc\
        a05aa9c02c57407e04ee9dc3b454aa63fbff483a8b11de949624b9f1831a9612
        6d9be1ee6ebd27a258115aad99b7317b9c8d28b6d76431c3
        horn tenant knee talent sponsor spell gate clip pulse soap slush warm silver nephew swap uncle crack brave
        fd579828af3da1d32544ce4db5c73d53fc8acc4ddb1e3b251a31179cdb71e853\
        c56d2fcb11aed39898ce6c34b10b5382772db8796e52837b54468aeb312cfc3d
        9f6a2878b2520799a44ef18bc7df394e7061a224d2c33cd015b157d746869863
        panda eyebrow bullet gorilla call smoke muffin taste mesh discover soft ostrich alcohol speed nation flash \
        devote level hobby quick inner drive ghost inside
        72be8e052fc4919d2adf28d5306b5474b0069df35b02303de8c1729c9538dbb6\
        fc2d731d5f832193cd9fb6aeecbc469594a70e3dd50811b5067f3b88b28c3e8d
        23db8160a31d3e0dca3688ed941adbf3
        cat swing flag economy stadium alone churn speed unique patch report train
        deb5f45449e615feff5640f2e49f933ff51895de3b4381832b3139941c57b592\
        05a42480c52175b6efcffaa58a2503887c1e8b363a707256bdd2b587b46541f5
        8197a4a47f0425faeaa69deebc05ca29c0a5b5cc76ceacc0
        light rule cinnamon wrap drastic word pride squirrel upgrade then income fatal apart sustain crack supply \
        proud access
        4cbdff1ca2db800fd61cae72a57475fdc6bab03e441fd63f96dabd1f183ef5b7\
        82925f00105f318309a7e9c3ea6967c7801e46c8a58082674c860a37b93eda02
        066dca1a2bb7e8a1db2832148ce9933eea0f3ac9548d793112d9a95c9407efad
        all hour make first leader extend hole alien behind guard gospel lava path output census museum junior mass \
        reopen famous sing advance salt reform
        26e975ec644423f4a4c4f4215ef09b4bd7ef924e85d1d17c4cf3f136c2863cf6\
        df0a475045652c57eb5fb41513ca2a2d67722b77e954b4b3fc11f7590449191d
        f30f8c1da665478f49b001d94c5fc452
        vessel ladder alter error federal sibling chat ability sun glass valve picture
        2aaa9242daafcee6aa9d7269f17d4efe271e1b9a529178d7dc139cd18747090b\
        f9d60295d0ce74309a78852a9caadf0af48aae1c6253839624076224374bc63f
        c10ec20dc3cd9f652c7fac2f1230f7a3c828389a14392f05
        scissors invite lock maple supreme raw rapid void congress muscle digital elegant little brisk hair mango \
        congress clump
        7b4a10be9d98e6cba265566db7f136718e1398c71cb581e1b2f464cac1ceedf4\
        f3e274dc270003c670ad8d02c4558b2f8e39edea2775c9e232c7cb798b069e88
        f585c11aec520db57dd353c69554b21a89b20fb0650966fa0a9d6f74fd989d8f
        void come effort suffer camp survey warrior heavy shoot primary clutch crush open amazing screen patrol group \
        space point ten exist slush involve unfold
        01f5bced59dec48e362f2c45b5de68b9fd6c92c6634f44d6d40aab69056506f0\
        e35524a518034ddc1192e1dacd32c1ed3eaa3c3b131c88ed8e7e54c49a5d0998
        """

    struct Vector: Sendable, CustomTestStringConvertible {
        let entropy: String
        let phrase: String
        let seed: String
        var testDescription: String { "\(phrase.split(separator: " ").count) words, entropy \(entropy.prefix(8))…" }
    }

    static let vectors: [Vector] = {
        let lines = vectorText.split(separator: "\n").map(String.init)
        return stride(from: 0, to: lines.count, by: 3).map {
            Vector(entropy: lines[$0], phrase: lines[$0 + 1], seed: lines[$0 + 2])
        }
    }()

    @Test("the vector list is complete")
    func vectorCount() {
        #expect(Self.vectors.count == 24)
        #expect(Set(Self.vectors.map { $0.phrase.split(separator: " ").count }) == [12, 18, 24])
    }

    @Test("entropy → phrase → seed with passphrase TREZOR", arguments: vectors)
    func officialVector(_ v: Vector) throws {
        let fromEntropy = try Mnemonic(entropy: try Hex.decode(v.entropy))
        #expect(fromEntropy.exposedPhrase == v.phrase)
        let parsed = try Mnemonic(phrase: v.phrase)
        #expect(parsed == fromEntropy)
        #expect(Hex.encode(parsed.entropy.exposedSecretBytes) == v.entropy)
        #expect(Hex.encode(try parsed.seed(passphrase: "TREZOR").exposedSecretBytes) == v.seed)
    }

    @Test("the NUT-13 vector mnemonic gives the seed with an empty passphrase")
    func emptyPassphrase() throws {
        let m = try Mnemonic(phrase: "half depart obvious quality work element tank gorilla view sugar picture humble")
        let seed = try m.seed()
        #expect(seed.count == 64)
        #expect(try m.seed(passphrase: "") == seed)
        #expect(try m.seed(passphrase: "x") != seed)
    }

    @Test("whitespace and case are normalised")
    func normalisation() throws {
        let canonical = try Mnemonic(phrase: Self.vectors[1].phrase)
        let messy = "  " + Self.vectors[1].phrase.uppercased().split(separator: " ").joined(separator: " \t\n ") + "\n"
        #expect(try Mnemonic(phrase: messy) == canonical)
        // Fullwidth letters and the ideographic space decompose (NFKD) to ASCII.
        let fullwidth = "ａｂａｎｄｏｎ　" + String(repeating: "abandon ", count: 10) + "about"
        #expect(try Mnemonic(phrase: fullwidth).exposedPhrase == Self.vectors[0].phrase)
    }

    @Test("the passphrase is NFKD-normalised")
    func passphraseNFKD() throws {
        let m = try Mnemonic(phrase: Self.vectors[0].phrase)
        // U+00E9 (é precomposed) and e + U+0301 must give the same seed.
        #expect(try m.seed(passphrase: "caf\u{e9}") == m.seed(passphrase: "cafe\u{301}"))
        #expect(try m.seed(passphrase: "caf\u{e9}") != m.seed(passphrase: "cafe"))
    }

    @Test("generated mnemonics have the requested length and round-trip", arguments: Mnemonic.WordCount.allCases)
    func generate(_ count: Mnemonic.WordCount) throws {
        let m = Mnemonic(wordCount: count)
        #expect(m.wordCount == count.rawValue)
        #expect(m.exposedWords.count == count.rawValue)
        #expect(try Mnemonic(phrase: m.exposedPhrase) == m)
        #expect(Mnemonic(wordCount: count) != m)
    }

    @Test("default is 12 words")
    func defaultCount() {
        #expect(Mnemonic().wordCount == 12)
    }

    @Test("secrets never print")
    func redaction() throws {
        let m = try Mnemonic(phrase: Self.vectors[1].phrase)
        #expect(m.description == "<redacted>")
        #expect(!String(reflecting: m).contains("legal"))
        #expect(!"\(m)".contains("legal"))
    }

    static func reason(_ phrase: String) -> String? {
        do {
            _ = try Mnemonic(phrase: phrase)
            return nil
        } catch let error as CryptoError {
            return error.code == .invalidMnemonic ? error.reason : "wrong code \(error.code)"
        } catch {
            return "not a CryptoError: \(error)"
        }
    }

    @Test("a bad checksum is rejected")
    func badChecksum() {
        let phrase = String(repeating: "abandon ", count: 11) + "abandon"
        #expect(Self.reason(phrase)?.contains("checksum") == true)
        // Last word of vector 2 swapped for another valid word.
        var words = Self.vectors[2].phrase.split(separator: " ").map(String.init)
        words[11] = words[11] == "zoo" ? "wrong" : "zoo"
        #expect(Self.reason(words.joined(separator: " "))?.contains("checksum") == true)
    }

    @Test("an unknown word is rejected by position")
    func unknownWord() {
        let phrase =
            String(repeating: "abandon ", count: 5) + "bitcoinx " + String(repeating: "abandon ", count: 5) + "about"
        let reason = Self.reason(phrase)
        #expect(reason?.contains("word 6 is not in the BIP-39") == true)
        #expect(reason?.contains("bitcoinx") == false)
        #expect(Self.reason(String(repeating: "abandon ", count: 11) + "abou")?.contains("word 12") == true)
    }

    @Test("a wrong word count is rejected", arguments: [0, 1, 11, 13, 14, 23, 25, 48])
    func wrongCount(_ n: Int) {
        let phrase = Array(repeating: "abandon", count: n).joined(separator: " ")
        #expect(Self.reason(phrase)?.contains("got \(n)") == true)
    }

    @Test("an overlong phrase is rejected before any work")
    func tooLong() {
        let phrase = String(repeating: " ", count: 5000) + Self.vectors[0].phrase
        #expect(Self.reason(phrase)?.contains("longer") == true)
    }

    @Test("entropy of a wrong length is rejected", arguments: [0, 4, 15, 17, 33, 64])
    func badEntropy(_ n: Int) {
        #expect(throws: CryptoError.self) { try Mnemonic(entropy: [UInt8](repeating: 0, count: n)) }
    }

    @Test("wordlist lookup is exact")
    func wordlist() {
        #expect(BIP39Wordlist.english.count == 2048)
        #expect(BIP39Wordlist.index(of: "abandon") == 0)
        #expect(BIP39Wordlist.index(of: "zoo") == 2047)
        #expect(BIP39Wordlist.index(of: "legal") == BIP39Wordlist.english.firstIndex(of: "legal"))
        #expect(BIP39Wordlist.index(of: "") == nil)
        #expect(BIP39Wordlist.index(of: "zooo") == nil)
        #expect(BIP39Wordlist.index(of: "Abandon") == nil)
        for (i, word) in BIP39Wordlist.english.enumerated() {
            #expect(BIP39Wordlist.index(of: word) == i)
        }
    }
}
