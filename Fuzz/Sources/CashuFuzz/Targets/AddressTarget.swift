// Addresses from users and from other parties: mint URLs (NUT-00), Nostr relay URLs (NIP-01), BIP-353 addresses and
// the `bitcoin:` URIs their records hold, chosen by the first byte. Each normal form must parse to itself.

import CashuNostr

@testable import CashuEngine

extension FuzzTarget {
    static let address = FuzzTarget(name: "address") { input in
        guard let (choice, rest) = input.select(4) else { return }
        let text = rest.text
        switch choice {
        case 0:
            guard let url = try? MintURL(text) else { return }
            let again = mustSucceed("parsing a normalised mint URL") { try MintURL(url.rawValue) }
            invariant(again == url, "a normalised mint URL normalises differently")
        case 1:
            guard let url = try? NostrRelayURL(text) else { return }
            let again = mustSucceed("parsing a normalised relay URL") { try NostrRelayURL(url.string) }
            invariant(again == url, "a normalised relay URL normalises differently")
        case 2:
            guard let address = try? BIP353Address(text) else { return }
            let again = mustSucceed("parsing a BIP-353 address we printed") { try BIP353Address(address.description) }
            invariant(again == address, "a BIP-353 address changed in a round trip")
            invariant((try? DNSMessage.query(name: address.recordName, id: 7)) != nil, "no DNS query for an address")
        default:
            _ = try? BitcoinPaymentURI(text)
        }
    }
}
