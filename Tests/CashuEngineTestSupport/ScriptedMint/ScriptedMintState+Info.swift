// Test support: a ScriptedMint's NUT-06 info and its NUT-01/02 keys and keysets.

import CashuEngine

extension ScriptedMintState {
    /// NUT-06: the advertised NUTs, bolt11 minting and melting in the mint's unit, NUT-19 and NUT-29 settings when
    /// advertised.
    func info() -> MintInfo {
        var settings = NutSettings()
        settings.advertised = nuts
        let bolt11 = PaymentMethodSetting(method: "bolt11", unit: unit)
        if nuts.contains(4) { settings.mint = MethodSettings(methods: [bolt11]) }
        if nuts.contains(5) { settings.melt = MethodSettings(methods: [bolt11]) }
        if nuts.contains(19) {
            settings.cachedResponses = CachedResponseSettings(
                ttl: nil,
                cachedEndpoints: [ScriptedEndpoint.mint, .swap, .melt].map { endpoint in
                    let parts = endpoint.template.split(separator: " ")
                    return CachedResponseSettings.Endpoint(method: String(parts[0]), path: String(parts[1]))
                })
        }
        if nuts.contains(29) { settings.batchMint = BatchMintSettings(maxBatchSize: 100, methods: ["bolt11"]) }
        var info = MintInfo(name: "Scripted mint", nuts: settings)
        info.version = "ScriptedMint/1.0"
        info.description = "An in-memory mint for tests"
        info.urls = [url.rawValue]
        info.time = Self.now
        info.maxArrayLength = UInt64(maxArrayLength)
        return info
    }

    /// NUT-01: the active keysets with their keys.
    func keys() -> KeysResponse {
        KeysResponse(keysets: keysets.filter(\.active).map(\.mintKeyset))
    }

    /// NUT-02: one keyset's keys, active or not.
    /// - Throws: ``MintError`` 12001 for an unknown keyset.
    func keys(keysetID: KeysetID) throws(MintError) -> KeysResponse {
        guard let keyset = keyset(keysetID) else { throw Self.refusal(.keysetUnknown, "keyset not found") }
        return KeysResponse(keysets: [keyset.mintKeyset])
    }

    /// NUT-02: every keyset.
    func keysetList() -> KeysetsResponse {
        KeysetsResponse(keysets: keysets.map(\.info))
    }
}
