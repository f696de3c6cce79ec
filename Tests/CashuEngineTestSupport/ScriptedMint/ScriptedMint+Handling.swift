// Test support: one call to a ScriptedMint — logged, its scripted fault applied before or after the mint's work.

import CashuEngine

extension ScriptedMint {
    /// Alters the signatures an answer carries (for ``ScriptedFault/tamper(_:)``).
    typealias Tampering<Answer> = (inout Answer, @Sendable (inout [BlindSignature]) -> Void) -> Void

    /// Runs one call of `endpoint`: logs it, takes its next fault, and runs `work` on the state under the lock
    /// unless the fault stops it first.
    /// - Parameters:
    ///   - endpoint: the endpoint called.
    ///   - tampering: how ``ScriptedFault/tamper(_:)`` reaches the answer's signatures (`nil`: it has none).
    ///   - work: the mint's work; a ``MintError`` it throws is the mint's NUT-00 refusal.
    func handle<Answer: Sendable>(
        _ endpoint: ScriptedEndpoint, tampering: Tampering<Answer>? = nil,
        _ work: (inout ScriptedMintState) throws(MintError) -> Answer
    ) async throws(MintClientError) -> Answer {
        let fault = state.withLock { state in
            state.requests.append(endpoint)
            return state.nextFault(endpoint)
        }
        let name = endpoint.template
        switch fault {
        case .refuse(let code, let detail):
            throw Self.refused(name, MintError(code: code, detail: detail))
        case .unreachable:
            throw MintClientError(.unreachable, endpoint: name, "scripted: the mint cannot be reached")
        case .timeout:
            throw MintClientError(.timeout, endpoint: name, "scripted: timed out before the mint processed it")
        case .httpStatus(let status):
            throw MintClientError(.httpStatus, endpoint: name, "scripted: HTTP \(status)", httpStatus: status)
        case .hold(let wait):
            await wait()
        default:
            break
        }
        let outcome = state.withLock { state in
            Result { () throws(MintError) -> Answer in try work(&state) }
        }
        switch fault {
        case .lostAnswer(let code):
            throw MintClientError(
                code, endpoint: name, "scripted: the mint processed the request but its answer was lost",
                httpStatus: code == .httpStatus ? 502 : nil)
        case .processThenRefuse(let code, let detail):
            throw Self.refused(name, MintError(code: code, detail: detail))
        case .invalidResponse:
            throw MintClientError(.invalidResponse, endpoint: name, "scripted: the mint's answer cannot be read")
        default:
            break
        }
        switch outcome {
        case .failure(let refusal):
            throw Self.refused(name, refusal)
        case .success(var answer):
            if case .tamper(let alter) = fault, let tampering { tampering(&answer, alter) }
            return answer
        }
    }

    /// A NUT-00 refusal as ``HTTPMintConnector`` reports it (HTTP 400 with the error body).
    static func refused(_ endpoint: String, _ error: MintError) -> MintClientError {
        MintClientError(
            .mintRefused, endpoint: endpoint, "the mint refused the request", mintError: error, httpStatus: 400)
    }
}
