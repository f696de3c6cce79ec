// CLI: the NUT-10 lock a payment request asks for (NUT-18 `nut10`), as the engine's send lock (NUT-11 P2PK,
// NUT-14 HTLC) with its tags.

import CoreCashu

/// Turns a request's lock into ``SendOptions/Lock``.
enum RequestLock {
    static func sendLock(_ option: PaymentRequest.NUT10Option?) throws -> SendOptions.Lock? {
        guard let option else { return nil }
        let options = try lockOptions(option.tags ?? [])
        switch option.kind.uppercased() {
        case "P2PK":
            return .p2pk(key: try PublicKeyArgument.parse(option.data), options: options)
        case "HTLC":
            guard let hash = try? Hex.decode(option.data, count: 32) else {
                throw CLIError(.input, "the request's HTLC lock is not a 32-byte hash", code: "invalidInput")
            }
            return .htlc(hashLock: hash, options: options)
        default:
            throw CLIError(
                .input,
                "the request asks for a \(Untrusted.display(option.kind)) lock, which this wallet cannot make",
                code: "invalidInput"
            )
        }
    }

    private static func lockOptions(_ tags: [[String]]) throws -> LockOptions {
        var options = LockOptions()
        for tag in tags {
            guard let name = tag.first else { continue }
            let values = Array(tag.dropFirst())
            switch name {
            case "pubkeys": options.additionalKeys = try values.map(PublicKeyArgument.parse)
            case "refund": options.refundKeys = try values.map(PublicKeyArgument.parse)
            case "n_sigs": options.requiredSignatures = try number(values, name).map(Int.init)
            case "n_sigs_refund": options.requiredRefundSignatures = try number(values, name).map(Int.init)
            case "locktime": options.locktime = try number(values, name)
            case "sigflag":
                guard let flag = values.first.flatMap(SigFlag.init(rawValue:)) else {
                    throw CLIError(.input, "the request's lock has an unknown sigflag", code: "invalidInput")
                }
                options.sigFlag = flag
            default: continue
            }
        }
        return options
    }

    private static func number(_ values: [String], _ name: String) throws -> UInt64? {
        guard let first = values.first else { return nil }
        guard let value = UInt64(first), value <= UInt64(Int32.max) || name == "locktime" else {
            throw CLIError(.input, "the request's lock has a bad \(name)", code: "invalidInput")
        }
        return value
    }
}
