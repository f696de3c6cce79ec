// Test support for NUT-03/07/09/15/19 wire models — JSON round trips, fixtures and error-code capture.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

enum WireFixtures {
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    static let keysetID: KeysetID = {
        (try? KeysetID(hex: "009a1f293253e41e"))!
    }()

    static let otherKeysetID: KeysetID = {
        (try? KeysetID(hex: "00bfa73302d12ffd"))!
    }()

    /// The point n·G (test only; n ≥ 1).
    static func point(_ n: UInt8) -> Point {
        Point(generatorMultipliedBy: (try? Scalar(rawRepresentation: [UInt8](repeating: 0, count: 31) + [n]))!)
    }

    static func output(_ n: UInt8, amount: UInt64 = 2, id: KeysetID = keysetID) -> BlindedMessage {
        BlindedMessage(amount: amount, id: id, B_: point(n))
    }

    static func signature(_ n: UInt8, amount: UInt64 = 2, id: KeysetID = keysetID) -> BlindSignature {
        BlindSignature(amount: amount, id: id, C_: point(n))
    }

    /// Decodes `json` as `T`, re-encodes it and checks the two JSON documents are equal as values.
    @discardableResult
    static func roundTrip<T: Codable>(_ type: T.Type, _ json: String) throws -> T {
        let decoded = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        let encoded = try JSONEncoder().encode(decoded)
        let original = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let again = try JSONDecoder().decode(JSONValue.self, from: encoded)
        guard original == again else {
            throw Mismatch(description: "round trip changed the JSON:\n\(original)\n\(again)")
        }
        return decoded
    }

    /// The JSON value `value` encodes to.
    static func json<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// The code and index of the ``ResponseValidationError`` `body` throws, or `nil` if it succeeds.
    static func failure(_ body: () throws -> Void) -> (code: ResponseValidationError.Code, index: Int?)? {
        do {
            try body()
            return nil
        } catch let error as ResponseValidationError {
            return (error.code, error.index)
        } catch {
            return (ResponseValidationError.Code(rawValue: "other: \(error)"), nil)
        }
    }

    /// Whether decoding `json` as `T` fails with a `DecodingError` (the typed error Codable gives for bad JSON).
    static func failsToDecode<T: Decodable>(_ type: T.Type, _ json: String) -> Bool {
        do {
            _ = try decode(T.self, json)
            return false
        } catch is DecodingError {
            return true
        } catch {
            return false
        }
    }
}
