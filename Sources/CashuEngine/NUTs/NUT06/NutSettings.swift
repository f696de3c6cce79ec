// NUT-06 — Mint info: the `nuts` object, decoded leniently key by key.

/// The per-NUT settings a mint advertises under `nuts`.
///
/// Each key is decoded on its own: a NUT whose settings have an unexpected shape is still recorded as advertised,
/// and never makes the whole info unreadable.
package struct NutSettings: Decodable, Hashable, Sendable {
    /// The NUT numbers present as keys (`"4"` → 4), whatever their settings.
    package var advertised: Set<Int>
    /// NUTs whose settings are `{"supported": bool}`, with that flag.
    package var supportedFlags: [Int: Bool]
    /// NUT-04 minting settings.
    package var mint: MethodSettings?
    /// NUT-05 melting settings.
    package var melt: MethodSettings?
    /// NUT-17 WebSocket subscriptions offered.
    package var webSockets: WebSocketSettings?
    /// NUT-19 cached responses: which endpoints a wallet may replay after a network failure, and for how long.
    package var cachedResponses: CachedResponseSettings?
    /// NUT-21 clear authentication settings.
    package var clearAuth: ClearAuthSettings?
    /// NUT-22 blind authentication settings.
    package var blindAuth: BlindAuthSettings?
    /// NUT-29 batch minting settings.
    package var batchMint: BatchMintSettings?

    /// Creates empty settings.
    package init() {
        advertised = []
        supportedFlags = [:]
    }

    /// The most NUT keys read; a larger object is truncated rather than stored without bound.
    static let maximumKeys = 256

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    private struct Flag: Decodable { var supported: Bool }

    package init(from decoder: Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: Key.self)
        for key in c.allKeys.prefix(Self.maximumKeys) {
            guard let nut = Int(key.stringValue), (0...9999).contains(nut) else { continue }
            advertised.insert(nut)
            if let flag = try? c.decode(Flag.self, forKey: key) { supportedFlags[nut] = flag.supported }
            switch nut {
            case 4: mint = try? c.decode(MethodSettings.self, forKey: key)
            case 5: melt = try? c.decode(MethodSettings.self, forKey: key)
            case 17: webSockets = try? c.decode(WebSocketSettings.self, forKey: key)
            case 19: cachedResponses = try? c.decode(CachedResponseSettings.self, forKey: key)
            case 21: clearAuth = try? c.decode(ClearAuthSettings.self, forKey: key)
            case 22: blindAuth = try? c.decode(BlindAuthSettings.self, forKey: key)
            case 29: batchMint = try? c.decode(BatchMintSettings.self, forKey: key)
            default: break
            }
        }
    }

    /// Whether the mint advertises `nut` and does not switch it off.
    ///
    /// A `{"supported": false}` entry, or NUT-04/05 settings with `disabled: true`, count as unsupported.
    package func supports(nut: Int) -> Bool {
        guard advertised.contains(nut) else { return false }
        if let flag = supportedFlags[nut] { return flag }
        if nut == 4, let mint { return !mint.disabled }
        if nut == 5, let melt { return !melt.disabled }
        return true
    }
}
