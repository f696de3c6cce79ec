// LUD-06/16 LNURL-pay: the payee's parameters, its callback's answer, and the addresses that name an LNURL endpoint.

import Foundation

@testable import CashuEngine

extension FuzzTarget {
    /// The first byte picks the decoder: the `payRequest` answer, the callback's `{"pr": …}`, or an address.
    static let lnurl = FuzzTarget(name: "lnurl") { input in
        guard let (choice, rest) = input.select(3) else { return }
        switch choice {
        case 0:
            let origin = URL(string: "https://pay.example.com/.well-known/lnurlp/alice")
            guard let parameters = try? LNURLPayParameters(json: rest.bytes, origin: origin) else { return }
            invariant(parameters.minSendable <= parameters.maxSendable, "LNURL range is empty")
            _ = parameters.text
            _ = try? parameters.invoiceURL(millisatoshis: parameters.minSendable, comment: "fuzz")
        case 1:
            _ = try? LNURLFuzzFixture.parameters.invoice(fromCallback: rest.bytes, millisatoshis: 1000)
        default:
            _ = try? LNURLPayTarget(rest.text)
        }
    }
}

/// Parameters to read callback answers against.
enum LNURLFuzzFixture {
    static let parameters: LNURLPayParameters = mustSucceed("the fixed LNURL parameters") {
        try LNURLPayParameters(
            json: Array(
                (#"{"tag":"payRequest","callback":"https://pay.example.com/cb","minSendable":1000,"#
                    + #""maxSendable":100000000,"metadata":"[[\"text/plain\",\"fuzz\"]]"}"#).utf8),
            origin: URL(string: "https://pay.example.com/.well-known/lnurlp/alice"))
    }
}
