// Wallet: what the wallet keeps of a mint's NUT-06 info, so it can work without asking the mint again.

/// The parts of a mint's info the wallet acts on, stored with the mint.
public struct MintCapabilities: Hashable, Sendable {
    /// The mint's name.
    public var name: String?
    /// `implementation/version`.
    public var version: String?
    /// The message of the day (NUT-06: a wallet must show it).
    public var motd: String?
    /// The NUTs the mint supports.
    public var supportedNUTs: [Int]
    /// NUT-04 mint methods.
    public var mintMethods: [PaymentMethodSetting]
    /// NUT-04: minting disabled.
    public var mintDisabled: Bool
    /// NUT-05 melt methods.
    public var meltMethods: [PaymentMethodSetting]
    /// NUT-05: melting disabled.
    public var meltDisabled: Bool
    /// NUT-19: endpoints whose answers the mint caches, so a failed request can be replayed.
    package var cachedResponses: CachedResponseSettings?
    /// NUT-17: the subscription kinds the mint offers per method and unit (`nil` for mints added before the wallet
    /// kept them: refreshing the mint fills it in).
    package var webSockets: WebSocketSettings?
    /// NUT-06 (nuts#425): the most items in one array of a request; `nil` when the mint does not say.
    package var maxArrayLength: Int?
    /// NUT-29 batch minting, when the mint offers it (`max_batch_size`, methods); `nil` otherwise.
    package var batchMint: BatchMintSettings?
    /// NUT-22: the endpoints that spend a blind auth token, and how many tokens one request may mint; `nil` when the
    /// mint asks for none.
    package var blindAuth: BlindAuthSettings?

    /// Reads capabilities off a mint's info.
    package init(info: MintInfo) {
        name = info.name
        version = info.version
        motd = info.motd
        supportedNUTs = info.nuts.advertised.filter { info.supports(nut: $0) }.sorted()
        mintMethods = info.nuts.mint?.methods ?? []
        mintDisabled = info.nuts.mint?.disabled ?? false
        meltMethods = info.nuts.melt?.methods ?? []
        meltDisabled = info.nuts.melt?.disabled ?? false
        cachedResponses = info.nuts.cachedResponses
        webSockets = info.supports(nut: 17) ? info.nuts.webSockets : nil
        maxArrayLength = info.maxArrayLength.map { Int(clamping: max($0, 1)) }
        batchMint = info.supports(nut: 29) ? info.nuts.batchMint ?? BatchMintSettings() : nil
        blindAuth = info.nuts.blindAuth
    }

    /// Whether the mint supports a NUT.
    public func supports(nut: Int) -> Bool { supportedNUTs.contains(nut) }

    /// The NUT-04 setting for minting `unit` with `method`, if the mint offers it.
    package func mintSetting(method: String = "bolt11", unit: CurrencyUnit) -> PaymentMethodSetting? {
        mintDisabled ? nil : mintMethods.first { $0.method == method && $0.unit == unit }
    }

    /// NUT-17: whether the mint sends notifications of `kind` for `method` and `unit`.
    package func offersSubscription(_ kind: SubscriptionKind, method: String = "bolt11", unit: CurrencyUnit) -> Bool {
        webSockets?.offers(kind, method: method, unit: unit) ?? false
    }

    /// The NUT-05 setting for melting `unit` with `method`, if the mint offers it.
    package func meltSetting(method: String = "bolt11", unit: CurrencyUnit) -> PaymentMethodSetting? {
        meltDisabled ? nil : meltMethods.first { $0.method == method && $0.unit == unit }
    }
}

extension MintCapabilities {
    /// The capabilities as the wallet store keeps them (`StoredMint.infoJSON`): the JSON the struct's synthesized
    /// `Codable` wrote, key for key, so what earlier versions stored reads the same.
    package struct Stored: Codable {
        package var capabilities: MintCapabilities

        package init(_ capabilities: MintCapabilities) { self.capabilities = capabilities }

        enum CodingKeys: String, CodingKey {
            case name, version, motd, supportedNUTs, mintMethods, mintDisabled, meltMethods, meltDisabled
            case cachedResponses, webSockets, maxArrayLength, batchMint, blindAuth
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            var decoded = MintCapabilities(info: MintInfo())
            decoded.name = try container.decodeIfPresent(String.self, forKey: .name)
            decoded.version = try container.decodeIfPresent(String.self, forKey: .version)
            decoded.motd = try container.decodeIfPresent(String.self, forKey: .motd)
            decoded.supportedNUTs = try container.decode([Int].self, forKey: .supportedNUTs)
            decoded.mintMethods = try container.decode([PaymentMethodSetting].self, forKey: .mintMethods)
            decoded.mintDisabled = try container.decode(Bool.self, forKey: .mintDisabled)
            decoded.meltMethods = try container.decode([PaymentMethodSetting].self, forKey: .meltMethods)
            decoded.meltDisabled = try container.decode(Bool.self, forKey: .meltDisabled)
            decoded.cachedResponses = try container.decodeIfPresent(
                CachedResponseSettings.self, forKey: .cachedResponses)
            decoded.webSockets = try container.decodeIfPresent(WebSocketSettings.self, forKey: .webSockets)
            decoded.maxArrayLength = try container.decodeIfPresent(Int.self, forKey: .maxArrayLength)
            decoded.batchMint = try container.decodeIfPresent(BatchMintSettings.self, forKey: .batchMint)
            decoded.blindAuth = try container.decodeIfPresent(BlindAuthSettings.self, forKey: .blindAuth)
            capabilities = decoded
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(capabilities.name, forKey: .name)
            try container.encodeIfPresent(capabilities.version, forKey: .version)
            try container.encodeIfPresent(capabilities.motd, forKey: .motd)
            try container.encode(capabilities.supportedNUTs, forKey: .supportedNUTs)
            try container.encode(capabilities.mintMethods, forKey: .mintMethods)
            try container.encode(capabilities.mintDisabled, forKey: .mintDisabled)
            try container.encode(capabilities.meltMethods, forKey: .meltMethods)
            try container.encode(capabilities.meltDisabled, forKey: .meltDisabled)
            try container.encodeIfPresent(capabilities.cachedResponses, forKey: .cachedResponses)
            try container.encodeIfPresent(capabilities.webSockets, forKey: .webSockets)
            try container.encodeIfPresent(capabilities.maxArrayLength, forKey: .maxArrayLength)
            try container.encodeIfPresent(capabilities.batchMint, forKey: .batchMint)
            try container.encodeIfPresent(capabilities.blindAuth, forKey: .blindAuth)
        }
    }
}
