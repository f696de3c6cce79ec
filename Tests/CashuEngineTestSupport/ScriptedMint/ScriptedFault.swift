// Test support: what a ScriptedMint does instead of (or besides) answering a call normally.

import CashuEngine

/// A fault a ``ScriptedMint`` applies to one call of an endpoint (``ScriptedMint/script(_:_:)``) or to every call
/// (``ScriptedMint/scriptAlways(_:_:)``).
///
/// "Before processing" faults leave the mint untouched; "after processing" faults let the mint act fully (inputs
/// spent, outputs signed, quotes issued) and then spoil the answer.
package enum ScriptedFault: Sendable {
    /// A NUT-00 refusal (`MintClientError` `.mintRefused` carrying `MintError(code:detail:)`); nothing is done.
    case refuse(code: Int, detail: String = "scripted refusal")
    /// The mint cannot be reached (`.unreachable`): the request never left; nothing is done.
    case unreachable
    /// The deadline passes before the mint processes anything (`.timeout`): ambiguous to the wallet, nothing done.
    case timeout
    /// The mint processes the request fully, then the answer is lost: the call throws `code` (`.timeout` by default;
    /// `.transport` or `.httpStatus` are other ambiguous losses).
    case lostAnswer(MintClientError.Code = MintClientError.Code.timeout)
    /// The mint processes the request, then answers with a refusal (Nutshell answers code 0 after an internal error
    /// even when the work was done).
    case processThenRefuse(code: Int, detail: String = "scripted refusal after processing")
    /// An HTTP status without a NUT-00 body (`.httpStatus`) before processing; nothing is done.
    case httpStatus(Int)
    /// The mint processes the request, then its answer cannot be read (`.invalidResponse`).
    case invalidResponse
    /// The mint processes the request, then the signatures of its answer (swap, mint, batch mint, melt change,
    /// restore) are altered by the closure before they are returned. Other answers are returned unchanged.
    case tamper(@Sendable (inout [BlindSignature]) -> Void)
    /// The call awaits the closure before the mint processes it (to interleave two calls), then proceeds normally.
    case hold(@Sendable () async -> Void)
}
