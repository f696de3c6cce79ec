// NUT-16 — Bytewords (BCR-2020-012), minimal style: each byte as the first and last letter of its word, the data
// followed by its CRC-32, as UR strings carry their body.

/// Bytewords in the minimal style UR uses (`ae` for 0x00 … `zm` for 0xff), with the CRC-32 appended.
enum Bytewords {
    /// The 256 words, in order, concatenated (each 4 letters).
    private static let words = Array(
        ("ableacidalsoapexaquaarchatomauntawayaxisbackbaldbarnbeltbetabiasbluebodybragbrewbulbbuzzcalmcashcats"
            + "chefcityclawcodecolacookcostcruxcurlcuspcyandarkdatadaysdelidicedietdoordowndrawdropdrumdulldutyeach"
            + "easyechoedgeepicevenexamexiteyesfactfairfernfigsfilmfishfizzflapflewfluxfoxyfreefrogfuelfundgalagame"
            + "geargemsgiftgirlglowgoodgraygrimgurugushgyrohalfhanghardhawkheathelphighhillholyhopehornhutsicedidea"
            + "idleinchinkyintoirisironitemjadejazzjoinjoltjowljudojugsjumpjunkjurykeepkenokeptkeyskickkilnkingkite"
            + "kiwiknoblamblavalazyleaflegsliarlimplionlistlogoloudloveluaulucklungmainmanymathmazememomenumeowmild"
            + "mintmissmonknailnavyneednewsnextnoonnotenumbobeyoboeomitonyxopenovalowlspaidpartpeckplaypluspoempool"
            + "posepuffpumapurrquadquizraceramprealredorichroadrockroofrubyruinrunsrustsafesagascarsetssilkskewslot"
            + "soapsolosongstubsurfswantacotasktaxitenttiedtimetinytoiltombtoystriptunatwinuglyundouniturgeuservast"
            + "veryvetovialvibeviewvisavoidvowswallwandwarmwaspwavewaxywebswhatwhenwhizwolfworkyankyawnyellyogayurt"
            + "zapszerozestzinczonezoom").utf8)

    /// The two-letter code of each byte.
    private static let minimal: [[UInt8]] = (0..<256).map { [words[$0 * 4], words[$0 * 4 + 3]] }

    /// Each two-letter code's byte, indexed by `(first - a) * 26 + (last - a)`.
    private static let lookup: [Int16] = {
        var table = [Int16](repeating: -1, count: 26 * 26)
        for (byte, code) in minimal.enumerated() {
            table[Int(code[0] - 0x61) * 26 + Int(code[1] - 0x61)] = Int16(byte)
        }
        return table
    }()

    /// `bytes` and their CRC-32 in minimal Bytewords (lower case).
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 4) * 2)
        for byte in bytes + CRC32.bytes(CRC32.checksum(bytes)) { out += minimal[Int(byte)] }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of minimal Bytewords (either case), their CRC-32 checked and removed.
    /// - Throws: ``EncodingFailure`` `.invalidLength` for an odd or too short text, `.invalidBytewords` for a letter
    ///   pair that is no word or a checksum that does not match.
    static func decode(_ text: some StringProtocol) throws(EncodingFailure) -> [UInt8] {
        let letters = Array(text.utf8)
        guard letters.count % 2 == 0, letters.count >= 10 else {
            throw EncodingFailure(.invalidLength, "Bytewords need an even number of letters, checksum included")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(letters.count / 2)
        var index = 0
        while index < letters.count {
            let first = letters[index] | 0x20
            let last = letters[index + 1] | 0x20
            guard (0x61...0x7A).contains(first), (0x61...0x7A).contains(last) else {
                throw EncodingFailure(.invalidBytewords, "Bytewords are letters only")
            }
            let value = lookup[Int(first - 0x61) * 26 + Int(last - 0x61)]
            guard value >= 0 else { throw EncodingFailure(.invalidBytewords, "not a Bytewords code") }
            bytes.append(UInt8(value))
            index += 2
        }
        let body = Array(bytes.dropLast(4))
        guard Array(bytes.suffix(4)) == CRC32.bytes(CRC32.checksum(body)) else {
            throw EncodingFailure(.invalidBytewords, "the Bytewords checksum does not match")
        }
        return body
    }
}
