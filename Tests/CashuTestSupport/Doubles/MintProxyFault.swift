// Test support: what a MintProxy does to a request it was told to sabotage (lost answers, hostile answers, cuts).

import Foundation

/// A fault a ``MintProxy`` applies to a matching request instead of relaying it faithfully.
package enum MintProxyFault: Sendable, CustomStringConvertible {
    /// Forward to the mint, wait for its whole answer, then close the client's connection without a byte of it:
    /// the mint acted, the wallet does not know.
    case dropResponseAfterForwarding
    /// Forward to the mint and answer with the mint's status and `transform` of its body (a hostile mint).
    case replaceBody(label: String, transform: @Sendable (Data) -> Data)
    /// Answer with this status and a plain-text body, without forwarding: the mint never sees the request.
    case status(Int)
    /// Answer HTTP 429 with `Retry-After: seconds` and Nutshell's rate-limit body, without forwarding: a mint
    /// limiting this client.
    case rateLimited(retryAfter: Int)
    /// Answer 400 with a NUT-00 error body (`{"detail", "code"}`), without forwarding: a mint refusing the request.
    case refusal(code: Int, detail: String)
    /// Forward to the mint, then answer 200 with a body that is not JSON.
    case garbage
    /// Forward to the mint, then send the answer's head (with its full `Content-Length`) and half of its body,
    /// and close.
    case cutMidResponse
    /// Forward to the mint, then hold its answer until ``MintProxy/releaseHeldAnswers()`` (or 30 s) before relaying
    /// it: the operation stays in flight as long as the test wants.
    case holdAnswer
    /// Forward to the mint, then wait this long before relaying its answer: a slow network. Longer than the
    /// client's read timeout, the mint acts and the wallet times out.
    case delay(Duration)

    /// Forward to the mint and answer with `transform` of its body.
    package static func replaceBody(_ label: String, _ transform: @escaping @Sendable (Data) -> Data)
        -> MintProxyFault
    {
        .replaceBody(label: label, transform: transform)
    }

    /// Whether the mint sees the request.
    package var forwards: Bool {
        switch self {
        case .status, .refusal, .rateLimited: false
        default: true
        }
    }

    package var description: String {
        switch self {
        case .dropResponseAfterForwarding: "dropResponseAfterForwarding"
        case .replaceBody(let label, _): "replaceBody(\(label))"
        case .status(let code): "status(\(code))"
        case .refusal(let code, let detail): "refusal(\(code), \(detail))"
        case .rateLimited(let seconds): "rateLimited(\(seconds) s)"
        case .garbage: "garbage"
        case .cutMidResponse: "cutMidResponse"
        case .holdAnswer: "holdAnswer"
        case .delay(let duration): "delay(\(duration))"
        }
    }
}
