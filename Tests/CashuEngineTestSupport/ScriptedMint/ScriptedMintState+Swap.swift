// Test support: a ScriptedMint's NUT-03 swap, NUT-07 state check and NUT-09 restore.

import CashuEngine

extension ScriptedMintState {
    /// NUT-03: spends the inputs and signs the outputs, which must sum to the inputs minus their fee.
    /// - Throws: ``MintError``: the input and output checks' codes, 11010 outputs in another unit, 10001 unmet
    ///   spending conditions, 11005 unbalanced.
    mutating func swap(_ request: SwapRequest) throws(MintError) -> SwapResponse {
        if nuts.contains(19), let cached = swapCache[request] { return cached }
        let inputs = try verifyInputs(request.inputs)
        let total = try verifyOutputs(request.outputs, unit: inputs.unit)
        try verifyConditions(request.inputs) { now throws(SpendingConditionError) in
            try SpendingConditionVerifier.verifySwap(inputs: request.inputs, outputs: request.outputs, now: now)
        }
        guard total == inputs.available else {
            throw Self.refusal(
                .transactionNotBalanced,
                "inputs (\(inputs.total)) - fees (\(inputs.fee)) vs outputs (\(total)) are not balanced")
        }
        let signatures = try sign(request.outputs)
        for Y in inputs.Ys { proofStates[Y] = .spent }
        let response = SwapResponse(signatures: signatures)
        if nuts.contains(19) { swapCache[request] = response }
        return response
    }

    /// NUT-07: `SPENT`, `PENDING` or `UNSPENT` for each `Y`, in request order, without witnesses.
    /// - Throws: ``MintError`` when the request holds more `Ys` than ``maxArrayLength`` (as Nutshell's validation).
    func checkState(_ request: CheckStateRequest) throws(MintError) -> CheckStateResponse {
        guard request.Ys.count <= maxArrayLength else {
            throw MintError(code: 0, detail: "Ys: list should have at most \(maxArrayLength) items")
        }
        return CheckStateResponse(
            states: request.Ys.map { Y in ProofState(Y: Y, state: state(of: CompressedPoint(Y))) })
    }

    /// NUT-09: the requested outputs the mint signed, with their signatures, in request order.
    /// - Throws: ``MintError`` when the request holds more outputs than ``maxArrayLength``.
    func restore(_ request: RestoreRequest) throws(MintError) -> RestoreResponse {
        guard request.outputs.count <= maxArrayLength else {
            throw MintError(code: 0, detail: "outputs: list should have at most \(maxArrayLength) items")
        }
        var outputs: [BlindedMessage] = []
        var signatures: [BlindSignature] = []
        for output in request.outputs {
            guard let signature = signed[output.B_] else { continue }
            outputs.append(BlindedMessage(amount: signature.amount, id: signature.id, B_: output.B_))
            signatures.append(signature)
        }
        return RestoreResponse(outputs: outputs, signatures: signatures)
    }
}
