// LinuxCashu: the NUT-21 authorizers of a wallet's mints, one per mint for the wallet's life, on each mint's own
// route (its proxy, if any).

import CoreCashu

/// Hands out one ``StoredLoginAuthorizer`` per mint.
final class MintAuthorizers: Sendable {
    private let secureStore: any SecureStore
    private let httpClients: MintHTTPClients
    private let authorizers = Locked<[MintURL: StoredLoginAuthorizer]>([:])

    init(secureStore: any SecureStore, httpClients: MintHTTPClients) {
        self.secureStore = secureStore
        self.httpClients = httpClients
    }

    func authorizer(for mint: MintURL) -> StoredLoginAuthorizer {
        authorizers.withLock { table in
            if let known = table[mint] { return known }
            let (client, proxied) = httpClients.client(for: mint)
            let created = StoredLoginAuthorizer(
                mint: mint, secureStore: secureStore, httpClient: client, proxied: proxied)
            table[mint] = created
            return created
        }
    }
}
