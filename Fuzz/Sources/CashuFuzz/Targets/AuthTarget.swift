// NUT-21/22 authentication: JWT claims, the OpenID provider's answers (discovery, device authorization, token
// endpoint), stored tokens, and blind auth tokens (`authA` headers), chosen by the first byte.

import Foundation

@testable import CashuEngine

extension FuzzTarget {
    static let auth = FuzzTarget(name: "auth") { input in
        guard let (choice, rest) = input.select(7) else { return }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        switch choice {
        case 0:
            _ = JWTClaims(rest.text)
        case 1:
            // The claims JSON inside a compact JWT, so that the fuzzer works on the JSON, not on base64.
            _ = JWTClaims("eyJhbGciOiJub25lIn0." + Base64URL.encode(rest.bytes) + ".c2ln")
        case 2:
            _ = TokenResponse.read(rest.bytes, now: now)
        case 3:
            _ = try? OpenIDConfiguration(json: rest.bytes)
        case 4:
            _ = try? DeviceAuthorization(json: rest.bytes, now: now)
        case 5:
            FuzzJSON.roundTrip(ClearAuthTokens.self, rest.bytes, same: ==)
        default:
            // An AuthProof's JSON inside an `authA` header.
            guard let proof = try? AuthProof(headerValue: AuthProof.headerPrefix + Base64URL.encode(rest.bytes))
            else { return }
            let header = mustSucceed("encoding a decoded auth proof") { try proof.headerValue() }
            let again = mustSucceed("decoding an auth header we encoded") { try AuthProof(headerValue: header) }
            var stripped = proof
            stripped.dleq = nil
            invariant(again == stripped, "auth proof changed across header encode → decode")
        }
    }
}
