// NUT-00 — Errors: reading the mint's error body `{"detail", "code"}` from a non-200 answer, as Nutshell sends it.

import Foundation

/// Reads a mint's error answer into a ``MintError``.
///
/// Nutshell 0.21.0 answers every refusal with HTTP 400 `{"detail": str, "code": int}` (code 0 for an exception it
/// has no code for) and a body that fails validation with FastAPI's 422 `{"detail": [{"loc", "msg", "input", ...}]}`.
/// Only `loc` and `msg` of such a list are kept: `input` echoes the request, which may hold proof secrets.
/// Pure, so that it lives with the protocol (the HTTP connector calls it; the fuzz targets feed it).
package enum MintErrorBody {
    /// The mint's error, or `nil` when the body is not a NUT-00 error body for this status.
    ///
    /// A 4xx answer needs a `detail`; any other status also needs an integer `code`, so that a proxy's
    /// `{"detail": "Bad Gateway"}` in front of the mint is not taken for the mint refusing the request.
    /// - Parameters:
    ///   - body: the answer's bytes.
    ///   - status: the HTTP status (never 200: a 200 is an answer, not a refusal).
    package static func parse(_ body: some Collection<UInt8>, status: Int) -> MintError? {
        guard !body.isEmpty, let decoded = try? JSONDecoder().decode(Wire.self, from: Data(body)),
            let detail = decoded.detail
        else { return nil }
        guard (400..<500).contains(status) || decoded.code != nil else { return nil }
        return MintError(code: decoded.code, detail: detail)
    }

    /// The body's two fields, each read leniently: a wrong type reads as absent.
    private struct Wire: Decodable {
        var detail: String?
        var code: Int?

        enum CodingKeys: String, CodingKey { case detail, code }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            code = try? c.decodeIfPresent(Int.self, forKey: .code)
            if let text = try? c.decode(String.self, forKey: .detail) {
                detail = text
            } else if let list = try? c.decode([ValidationEntry].self, forKey: .detail) {
                let messages = list.compactMap(\.summary)
                detail = messages.isEmpty ? "validation error" : messages.joined(separator: "; ")
            } else if c.contains(.detail) {
                detail = "mint error without a readable detail"
            } else {
                detail = nil
            }
        }
    }

    /// One FastAPI validation entry; `input` (a copy of the request) is deliberately not read.
    private struct ValidationEntry: Decodable {
        var loc: [Location]?
        var msg: String?

        var summary: String? {
            guard let msg else { return nil }
            guard let loc, !loc.isEmpty else { return msg }
            return loc.map(\.text).joined(separator: ".") + ": " + msg
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            loc = try? c.decodeIfPresent([Location].self, forKey: .loc)
            msg = try? c.decodeIfPresent(String.self, forKey: .msg)
        }

        enum CodingKeys: String, CodingKey { case loc, msg }
    }

    /// A `loc` element: a field name or an index.
    private struct Location: Decodable {
        var text: String

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let name = try? c.decode(String.self) {
                text = String(name.prefix(64))
            } else if let index = try? c.decode(Int.self) {
                text = String(index)
            } else {
                text = "?"
            }
        }
    }
}
