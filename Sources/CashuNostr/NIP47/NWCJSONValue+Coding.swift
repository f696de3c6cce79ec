// NIP-47 — Nostr Wallet Connect: typed values to and from free-form JSON.

import Foundation

extension NWCJSONValue {
    /// The JSON of an encodable value (`null` if it does not encode).
    init(encoding value: some Encodable) {
        guard let data = try? JSONEncoder().encode(value),
            let decoded = try? JSONDecoder().decode(NWCJSONValue.self, from: data)
        else {
            self = .null
            return
        }
        self = decoded
    }

    /// A typed value from this JSON.
    func decoded<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(jsonText.utf8))
    }
}
