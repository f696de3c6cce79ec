// Test support — the one loader for the NUT vector files under Vectors/.

import Foundation
import Testing

/// One case of a vector file: `valid` cases must reproduce `expected`, invalid ones must be rejected.
struct VectorCase: Sendable, CustomTestStringConvertible {
    let file: String
    let id: String
    let group: String
    let valid: Bool
    let input: JSONValue
    let expected: JSONValue
    let derived: JSONValue
    let raw: JSONValue

    var testDescription: String { id }
}

/// A parsed vector file (`Vectors/nutXX.json`): its cases plus file-level fixtures.
struct VectorFile: Sendable {
    let name: String
    let root: JSONValue
    let cases: [VectorCase]

    var fixtures: JSONValue { root["fixtures"] }

    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // CoreCashuTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Vectors")

    /// Loads `Vectors/<name>.json`. Test-only code: a missing or broken file is a test failure, so it traps.
    static func load(_ name: String) -> VectorFile {
        let url = directory.appendingPathComponent(name + ".json")
        let data = try! Data(contentsOf: url)
        let root = try! JSONDecoder().decode(JSONValue.self, from: data)
        let cases = (root["cases"].arrayValue ?? []).map { c in
            VectorCase(
                file: name,
                id: c["id"].stringValue ?? "?",
                group: c["group"].stringValue ?? "?",
                valid: c["valid"].boolValue ?? true,
                input: c["input"],
                expected: c["expected"],
                derived: c["derived"],
                raw: c
            )
        }
        return VectorFile(name: name, root: root, cases: cases)
    }

    /// Every vector file present under Vectors/ but the Nostr ones (`nip44.vectors.json`, `nostr-*.json`), which
    /// CashuNostrTests reads.
    static func allNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix("nip44.") && !$0.hasPrefix("nostr-") }
            .map { String($0.dropLast(5)) }.sorted()
    }
}

/// A vector case whose result differs from what the vector says.
struct VectorMismatch: Error, CustomStringConvertible {
    let caseID: String
    let message: String
    var description: String { "\(caseID): \(message)" }
}

extension VectorCase {
    /// Throws unless `actual == expected`.
    func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ what: String) throws {
        guard actual == expected else {
            throw VectorMismatch(caseID: id, message: "\(what): got \(actual), expected \(expected)")
        }
    }

    /// Throws unless `condition` holds.
    func expectTrue(_ condition: Bool, _ what: String) throws {
        guard condition else { throw VectorMismatch(caseID: id, message: what) }
    }

    /// Throws a mismatch with `message`.
    func fail(_ message: String) -> VectorMismatch {
        VectorMismatch(caseID: id, message: message)
    }

    /// A required string input field.
    func string(_ value: JSONValue, _ what: String) throws -> String {
        guard let s = value.stringValue else { throw fail("vector field \(what) missing or not a string") }
        return s
    }

    /// Runs `body`, which must throw an error of type `E` satisfying `matches`.
    func expectError<E: Error>(
        _ type: E.Type,
        _ what: String,
        matching matches: (E) -> Bool = { _ in true },
        _ body: () throws -> Void
    ) throws {
        do {
            try body()
        } catch let error as E {
            guard matches(error) else { throw fail("\(what): wrong error \(error)") }
            return
        } catch {
            throw fail("\(what): wrong error type \(Swift.type(of: error)): \(error)")
        }
        throw fail("\(what): accepted an invalid input")
    }
}
