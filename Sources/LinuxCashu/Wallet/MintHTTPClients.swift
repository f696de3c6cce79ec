// LinuxWallet: the HTTP clients a wallet reaches its mints with — one per proxy in use — and which proxy each mint
// goes through (its own, kept in the wallet, else the wallet's).

import AsyncHTTPClient
import CoreCashu
import Foundation

/// Which proxy each mint is reached through, and a client for each proxy (the direct one included), made on first use.
final class MintHTTPClients: Sendable {
    /// The metadata key the per-mint proxies are kept under (a JSON object: mint URL → proxy URL).
    static let metadataKey = "linux.mintProxies"

    private struct State {
        var routes: [MintURL: NetworkProxy]
        var clients: [NetworkProxy?: OwnedHTTPClient] = [:]
    }

    /// The wallet's proxy: for mints without one of their own (`nil`: direct).
    let fallback: NetworkProxy?
    private let timeouts: MintTimeouts
    private let state: Locked<State>

    init(fallback: NetworkProxy?, routes: [MintURL: NetworkProxy], timeouts: MintTimeouts) {
        self.fallback = fallback
        self.timeouts = timeouts
        state = Locked(State(routes: routes))
    }

    /// The proxy `mint` goes through.
    func proxy(for mint: MintURL) -> NetworkProxy? {
        state.withLock { $0.routes[mint] } ?? fallback
    }

    /// The client for `mint`, and whether it goes through a proxy.
    func client(for mint: MintURL) -> (client: HTTPClient, proxied: Bool) {
        state.withLock { state in
            let proxy = state.routes[mint] ?? fallback
            if let existing = state.clients[proxy] { return (existing.client, proxy != nil) }
            let made = OwnedHTTPClient(HTTPMintConnector.makeHTTPClient(timeouts: timeouts, proxy: proxy))
            state.clients[proxy] = made
            return (made.client, proxy != nil)
        }
    }

    /// The client for a host that is not a mint (a payee), through the wallet's proxy, and whether it is proxied.
    func clientForOthers() -> (client: HTTPClient, proxied: Bool) {
        state.withLock { state in
            if let existing = state.clients[fallback] { return (existing.client, fallback != nil) }
            let made = OwnedHTTPClient(HTTPMintConnector.makeHTTPClient(timeouts: timeouts, proxy: fallback))
            state.clients[fallback] = made
            return (made.client, fallback != nil)
        }
    }

    /// Routes `mint` through `proxy` (`nil`: the wallet's proxy) for connectors made from now on.
    func route(_ mint: MintURL, through proxy: NetworkProxy?) {
        state.withLock { $0.routes[mint] = proxy }
    }

    /// Every mint with a proxy of its own.
    var routes: [MintURL: NetworkProxy] { state.withLock { $0.routes } }

    /// Shuts every client down.
    func shutdown() async {
        let clients = state.withLock { state in
            defer { state.clients = [:] }
            return Array(state.clients.values)
        }
        for client in clients { await client.shutdown() }
    }

    /// The per-mint proxies kept in the wallet's metadata (none when nothing is kept); `nil` when the text or an
    /// entry cannot be read: the wallet then refuses to open rather than reach a mint directly.
    static func decode(_ text: String?) -> [MintURL: NetworkProxy]? {
        guard let text else { return [:] }
        guard let map = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)) else { return nil }
        var routes: [MintURL: NetworkProxy] = [:]
        for (mint, proxy) in map {
            guard let url = try? MintURL(mint), let parsed = try? NetworkProxy(proxy) else { return nil }
            routes[url] = parsed
        }
        return routes
    }

    /// The metadata text for `routes`.
    static func encode(_ routes: [MintURL: NetworkProxy]) throws -> String {
        let map = Dictionary(uniqueKeysWithValues: routes.map { ($0.key.rawValue, $0.value.persistentText) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(map), as: UTF8.self)
    }
}
