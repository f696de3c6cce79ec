// Offline queue: what an entry asks for, as stored (JSON) in its payload — holds a token or a payment request.

import CoreCashu
import Foundation

/// The request of a queued operation. Holds secrets (a token is money): it is only ever written to the wallet store.
enum QueuedRequest: Codable, Sendable, CustomStringConvertible {
    /// Receive `token`, adding its mint when the wallet does not know it and `addUnknownMint` is set.
    case receive(token: String, addUnknownMint: Bool)
    /// Pay `request` (bolt11) from the mint in `unit`; `quoteID` once a quote was obtained (kept so a resumed melt
    /// pays that quote, or learns its fate, instead of asking for a second one).
    case melt(request: String, unit: CurrencyUnit, quoteID: String?)
    /// Check the mint's pending sends and melts (NUT-07).
    case check

    var kind: QueuedOperation.Kind {
        switch self {
        case .receive: .receive
        case .melt: .melt
        case .check: .check
        }
    }

    /// The JSON stored in `QueuedOperation.payload`.
    func encoded() throws(WalletError) -> [UInt8] {
        do { return Array(try JSONEncoder().encode(self)) } catch {
            throw WalletError(.storage, "cannot encode a queued request")
        }
    }

    /// Reads a stored payload.
    static func decode(_ payload: [UInt8]) throws(WalletError) -> QueuedRequest {
        do { return try JSONDecoder().decode(QueuedRequest.self, from: Data(payload)) } catch {
            // No underlying error: a decoding error can quote the payload.
            throw WalletError(.storage, "a queued request cannot be read")
        }
    }

    var description: String {
        switch self {
        case .receive: "receive(<redacted token>)"
        case .melt(_, let unit, let quoteID):
            "melt(<redacted request>, \(unit), quote: \(quoteID == nil ? "none" : "set"))"
        case .check: "check"
        }
    }
}
