// NUT-18: the NUT-10 lock a payment request asks for (`nut10`), as the wallet's send lock (NUT-11 P2PK, NUT-14 HTLC).

extension PaymentRequest.NUT10Option {
    /// The send lock this option asks for, with its tags (`pubkeys`, `refund`, `n_sigs`, `n_sigs_refund`,
    /// `locktime`, `sigflag`; others are ignored).
    /// - Throws: ``WalletError`` `invalidInput` for a kind the wallet cannot make, a key that is not one, a bad number
    ///   or an unknown sigflag.
    package func sendLock() throws(WalletError) -> SendOptions.Lock {
        let options = try Self.lockOptions(tags ?? [])
        switch kind.uppercased() {
        case "P2PK":
            return .p2pk(key: try Self.key(data), options: options)
        case "HTLC":
            guard let hash = try? Hex.decode(data, count: 32) else {
                throw WalletError(.invalidInput, "the request's HTLC lock is not a 32-byte hash")
            }
            return .htlc(hashLock: hash, options: options)
        default:
            throw WalletError(.invalidInput, "the request asks for a lock this wallet cannot make")
        }
    }

    /// A public key: 33-byte compressed hex, or 32-byte x-only hex.
    static func key(_ text: String) throws(WalletError) -> Point {
        do {
            if text.count == 64 { return try Point(xOnly: try Hex.parse(text)) }
            return try Point(hex: text)
        } catch {
            throw WalletError(.invalidInput, "the request's lock holds something that is not a public key")
        }
    }

    private static func lockOptions(_ tags: [[String]]) throws(WalletError) -> LockOptions {
        var options = LockOptions()
        for tag in tags {
            guard let name = tag.first else { continue }
            let values = Array(tag.dropFirst())
            switch name {
            case "pubkeys": options.additionalKeys = try values.map { text throws(WalletError) in try key(text) }
            case "refund": options.refundKeys = try values.map { text throws(WalletError) in try key(text) }
            case "n_sigs": options.requiredSignatures = try number(values, name).map(Int.init)
            case "n_sigs_refund": options.requiredRefundSignatures = try number(values, name).map(Int.init)
            case "locktime": options.locktime = try number(values, name)
            case "sigflag":
                guard let flag = values.first.flatMap(SigFlag.init(rawValue:)) else {
                    throw WalletError(.invalidInput, "the request's lock has an unknown sigflag")
                }
                options.sigFlag = flag
            default: continue
            }
        }
        return options
    }

    private static func number(_ values: [String], _ name: String) throws(WalletError) -> UInt64? {
        guard let first = values.first else { return nil }
        guard let value = UInt64(first), value <= UInt64(Int32.max) || name == "locktime" else {
            throw WalletError(.invalidInput, "the request's lock has a bad \(name)")
        }
        return value
    }
}
