// NUT-11 — Pay to Public Key: the aggregated message a SIG_ALL witness signs for a swap or a melt.

import Crypto
import Foundation

/// Builds the SIG_ALL message (NUT-11 "Message aggregation for SIG_ALL").
///
/// Swap: `secret_0 || C_0 || … || secret_n || C_n || amount_0 || B__0 || … || amount_m || B__m`; melt: the same
/// followed by `quote_id`. Secrets are the exact strings sent; `C` and `B_` are the lowercase compressed hex the
/// wallet puts in the request; amounts are decimal. Outputs must be final (order and amounts) before signing.
package enum SigAllMessage {
    /// The transaction a SIG_ALL signature covers, apart from its inputs.
    package enum Transaction: Hashable, Sendable {
        /// A swap (NUT-03) with these outputs.
        case swap(outputs: [BlindedMessage])
        /// A melt (NUT-05) with these NUT-08 blank outputs, paying this quote.
        case melt(outputs: [BlindedMessage], quoteID: String)

        /// The SIG_ALL message for `inputs` in this transaction.
        package func message(inputs: [Proof]) -> String {
            switch self {
            case .swap(let outputs): SigAllMessage.swap(inputs: inputs, outputs: outputs)
            case .melt(let outputs, let quoteID): SigAllMessage.melt(inputs: inputs, outputs: outputs, quoteID: quoteID)
            }
        }
    }

    /// The message for a swap.
    ///
    /// - Parameters:
    ///   - inputs: the proofs in request order.
    ///   - outputs: the blinded messages in request order.
    package static func swap(inputs: [Proof], outputs: [BlindedMessage]) -> String {
        var message = ""
        for proof in inputs {
            message += proof.secret
            message += proof.C.hex
        }
        for output in outputs {
            message += String(output.amount)
            message += output.B_.hex
        }
        return message
    }

    /// The message for a melt: the swap message over the inputs and NUT-08 blank outputs, then the quote id.
    ///
    /// - Parameters:
    ///   - inputs: the proofs in request order.
    ///   - outputs: the blank outputs in request order (may be empty).
    ///   - quoteID: the melt quote being paid.
    package static func melt(inputs: [Proof], outputs: [BlindedMessage], quoteID: String) -> String {
        swap(inputs: inputs, outputs: outputs) + quoteID
    }

    /// `SHA256(utf8(message))`: the 32 bytes a NUT-11 signature signs.
    package static func digest(_ message: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(message.utf8)))
    }
}
