// NIP-01 — a relay URL as logs show it: scheme, host and path, never a query (NIP-47 puts secrets in URIs' queries).

import CashuNostr

extension NostrRelayURL {
    /// The URL without its query and fragment.
    var logValue: String {
        String(string.prefix { $0 != "?" && $0 != "#" })
    }
}
