// npub.cash v2 — the wallet's Lightning address at an npub.cash-style service: `npub1…@host`, made of the wallet's
// NIP-06 Nostr identity, and the mint the service asks for its quotes; claiming what was paid to it (NpubCashClaimer,
// over the wallet's HTTP client). The service's URL is kept in the store's metadata after first use.

import CashuNostr
import CashuServices
import CoreCashu

extension LinuxWallet {
    /// The metadata key of the address service's base URL.
    static let npubCashServiceKey = "npubcash.service"

    /// The wallet's address at an npub.cash-style service, `npub1…@host`, which any Lightning wallet can pay: the
    /// service asks a mint for a quote locked (NUT-20) to the wallet's Nostr key, and ``claimNpubCash(service:)``
    /// mints it. Makes no request unless `mint` is given.
    /// - Parameters:
    ///   - service: the service's URL (`https://npubx.cash`), remembered for later calls; `nil`: the one remembered.
    ///   - mint: a mint of the wallet the service is to take the address's payments at from now on
    ///     (`PATCH /api/v2/user/mint`); `nil`: leave the service's choice as it is.
    /// - Throws: an error of code `serviceNotConfigured` when no service is given or remembered, or the given one is
    ///   not an http(s) URL; with `mint`, what ``claimNpubCash(service:)`` throws and `WalletError` `unknownMint`;
    ///   `WalletError` `storage`.
    public func npubCashAddress(service: String? = nil, mint: MintURL? = nil) async throws -> String {
        if let mint {
            guard try await wallet.mints().contains(where: { $0.url == mint }) else {
                throw WalletError(.unknownMint, "add the mint first: \(mint)")
            }
            try await npubCashClient(service).setMint(mint)
        }
        let service = try await npubCashService(service)
        return service.address(npub: try npubCashKeys().publicKey.npub)
    }

    /// Claims what was paid to the wallet's address: the service's paid quotes are recorded (with their lock key)
    /// before anything is minted, then minted through the journaled mint path, each once, however the process ends.
    /// Quotes at mints the wallet does not hold wait (`NpubCashClaim.unknownMints`).
    /// - Parameter service: as for ``npubCashAddress(service:mint:)``.
    /// - Throws: errors of codes `serviceUnreachable`, `serviceRefused` (with the service's message),
    ///   `serviceInvalidResponse`, `serviceNotConfigured`; `WalletError` when nothing could be minted.
    public func claimNpubCash(service: String? = nil) async throws -> NpubCashClaim {
        let client = try await npubCashClient(service)
        return try await NpubCashClaimer(wallet: wallet, client: client).claim()
    }

    /// The remembered service, if any (the daemon claims only then).
    func rememberedNpubCashService() async -> NpubCashService? {
        guard let text = try? await wallet.metadataValue(Self.npubCashServiceKey), !text.isEmpty else { return nil }
        return try? NpubCashService(text)
    }

    private func npubCashService(_ given: String?) async throws -> NpubCashService {
        if let given {
            let service = try NpubCashService(given)
            try await wallet.setMetadataValue(Self.npubCashServiceKey, service.baseURL)
            return service
        }
        guard let remembered = await rememberedNpubCashService() else {
            throw NpubCashError(.serviceNotConfigured, "no address service is set; give its URL (--service URL)")
        }
        return remembered
    }

    private func npubCashClient(_ given: String?) async throws -> NpubCashClient {
        let service = try await npubCashService(given)
        let client = httpClient.clientForOthers().client
        return NpubCashClient(service: service, keys: try npubCashKeys(), httpClient: client)
    }

    private func npubCashKeys() throws -> NostrKeyPair {
        guard let identity = wallet.nostrIdentityKey else {
            throw WalletError(.secureStore, "the wallet's seed gives no Nostr identity")
        }
        return NostrKeyPair(privateKey: identity.privateKey)
    }
}
