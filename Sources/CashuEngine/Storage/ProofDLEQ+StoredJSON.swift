// Storage: a proof's DLEQ as the SQL stores keep it in plaintext rows (NUT-12).

import Foundation

extension ProofDLEQ {
    /// Reads a stored DLEQ. The form ``StoredJSON/text(_:_:)`` writes, `{"e":"<64 hex>","r":"<64 hex>","s":"<64
    /// hex>"}`, is read directly (JSONDecoder was two fifths of the cost of reading a proof row); any other text goes
    /// through JSONDecoder, so nothing readable before becomes unreadable.
    package init(storedJSON text: String) throws {
        let utf8 = text.utf8
        if utf8.count == 214, utf8.starts(with: #"{"e":""#.utf8),
            utf8.dropFirst(70).starts(with: #"","r":""#.utf8),
            utf8.dropFirst(141).starts(with: #"","s":""#.utf8),
            utf8.dropFirst(212).elementsEqual(#""}"#.utf8)
        {
            func scalar(at offset: Int) throws -> Scalar {
                try Scalar(hex: Substring(utf8.dropFirst(offset).prefix(64)))
            }
            self.init(e: try scalar(at: 6), s: try scalar(at: 148), r: try scalar(at: 77))
        } else {
            self = try JSONDecoder().decode(ProofDLEQ.self, from: Data(utf8))
        }
    }

    /// The stored form, written directly: the same text as ``StoredJSON/text(_:_:)`` (sorted keys, lowercase hex),
    /// without a JSONEncoder per proof (a measured 5 % of adding plaintext proofs).
    package var storedJSON: String {
        #"{"e":""# + e.exposedSecretHex + #"","r":""# + r.exposedSecretHex + #"","s":""# + s.exposedSecretHex
            + #""}"#
    }
}
