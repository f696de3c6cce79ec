// Mint client: one mint API call as the HTTP connector sends it — method, concrete path, and a loggable template.

import CashuEngine
import Foundation

/// A mint endpoint with its concrete path and the secret-free template used in errors and logs.
///
/// The template never contains a path parameter's value: a mint quote id is a bearer secret (NUT-04), so
/// `GET /v1/mint/quote/bolt11/{quote_id}` is what errors and logs show.
struct MintEndpoint: Hashable, Sendable {
    /// Which deadline of ``MintTimeouts`` applies.
    enum Deadline: Hashable, Sendable {
        case read, write, melt
    }

    /// `GET` or `POST`.
    let method: String
    /// The API path below the mint URL, with parameters filled in and percent-encoded, e.g. `/v1/swap`.
    let path: String
    /// `METHOD /path/{param}`, free of secrets.
    let template: String
    /// Which deadline applies.
    let deadline: Deadline

    private init(method: String, path: String, template: String? = nil, deadline: Deadline) {
        self.method = method
        self.path = path
        self.template = "\(method) \(template ?? path)"
        self.deadline = deadline
    }

    var isPOST: Bool { method == "POST" }

    static let info = MintEndpoint(method: "GET", path: "/v1/info", deadline: .read)
    static let keys = MintEndpoint(method: "GET", path: "/v1/keys", deadline: .read)
    static let keysets = MintEndpoint(method: "GET", path: "/v1/keysets", deadline: .read)
    static let mintQuote = MintEndpoint(method: "POST", path: "/v1/mint/quote/bolt11", deadline: .write)
    static let mint = MintEndpoint(method: "POST", path: "/v1/mint/bolt11", deadline: .write)
    static let checkMintQuotes = MintEndpoint(method: "POST", path: "/v1/mint/quote/bolt11/check", deadline: .read)
    static let batchMint = MintEndpoint(method: "POST", path: "/v1/mint/bolt11/batch", deadline: .write)
    static let meltQuote = MintEndpoint(method: "POST", path: "/v1/melt/quote/bolt11", deadline: .write)
    static let swap = MintEndpoint(method: "POST", path: "/v1/swap", deadline: .write)
    static let checkState = MintEndpoint(method: "POST", path: "/v1/checkstate", deadline: .read)
    static let restore = MintEndpoint(method: "POST", path: "/v1/restore", deadline: .write)
    static let blindAuthKeysets = MintEndpoint(method: "GET", path: "/v1/auth/blind/keysets", deadline: .read)
    static let blindAuthMint = MintEndpoint(method: "POST", path: "/v1/auth/blind/mint", deadline: .write)

    /// `POST /v1/melt/bolt11`: the long melt deadline unless the wallet asked the mint to answer at once.
    static func melt(preferAsync: Bool) -> MintEndpoint {
        MintEndpoint(method: "POST", path: "/v1/melt/bolt11", deadline: preferAsync ? .write : .melt)
    }

    static let keysTemplate = "GET /v1/keys/{keyset_id}"
    static let mintQuoteStateTemplate = "GET /v1/mint/quote/bolt11/{quote_id}"
    static let meltQuoteStateTemplate = "GET /v1/melt/quote/bolt11/{quote_id}"

    /// `GET /v1/keys/{keyset_id}`.
    static func keys(keysetID: KeysetID) -> MintEndpoint {
        MintEndpoint(
            method: "GET",
            path: "/v1/keys/\(keysetID.hex)",
            template: "/v1/keys/{keyset_id}",
            deadline: .read
        )
    }

    /// `GET /v1/auth/blind/keys/{keyset_id}`.
    static func blindAuthKeys(keysetID: KeysetID) -> MintEndpoint {
        MintEndpoint(
            method: "GET",
            path: "/v1/auth/blind/keys/\(keysetID.hex)",
            template: "/v1/auth/blind/keys/{keyset_id}",
            deadline: .read
        )
    }

    /// `GET /v1/mint/quote/bolt11/{quote_id}`.
    /// - Throws: ``MintClientError`` `invalidRequest` for an empty or overlong quote id.
    static func mintQuoteState(quote: String) throws(MintClientError) -> MintEndpoint {
        let segment = try pathSegment(quote, template: mintQuoteStateTemplate)
        return MintEndpoint(
            method: "GET",
            path: "/v1/mint/quote/bolt11/\(segment)",
            template: "/v1/mint/quote/bolt11/{quote_id}",
            deadline: .read
        )
    }

    /// `GET /v1/melt/quote/bolt11/{quote_id}`.
    /// - Throws: ``MintClientError`` `invalidRequest` for an empty or overlong quote id.
    static func meltQuoteState(quote: String) throws(MintClientError) -> MintEndpoint {
        let segment = try pathSegment(quote, template: meltQuoteStateTemplate)
        return MintEndpoint(
            method: "GET",
            path: "/v1/melt/quote/bolt11/\(segment)",
            template: "/v1/melt/quote/bolt11/{quote_id}",
            deadline: .read
        )
    }

    /// RFC 3986 unreserved characters: everything else in a path parameter is percent-encoded, so a quote id chosen
    /// by the mint (`../`, `?`, `#`) cannot change which path is requested.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    private static func pathSegment(_ value: String, template: String) throws(MintClientError) -> String {
        guard !value.isEmpty, value.utf8.count <= 1024,
            let encoded = value.addingPercentEncoding(withAllowedCharacters: unreserved)
        else {
            throw MintClientError(.invalidRequest, endpoint: template, "quote id is empty, too long or not UTF-8")
        }
        // "." and ".." are unreserved but would be read as dot-segments.
        if encoded == "." || encoded == ".." {
            return encoded.replacingOccurrences(of: ".", with: "%2E")
        }
        return encoded
    }
}
