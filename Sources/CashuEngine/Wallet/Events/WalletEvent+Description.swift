// Wallet events — how an event prints: everything but a mint quote's id, which (NUT-04) lets whoever knows it mint
// the quote's ecash when it is not locked (NUT-20), so a logged event never shows it.

extension WalletEvent: CustomStringConvertible {
    public var description: String {
        switch self {
        case .balanceChanged(let mint, let unit, let balance): "balanceChanged(\(mint), \(unit), \(balance))"
        case .operationPrepared(let operation): "operationPrepared(\(operation))"
        case .operationStarted(let operation): "operationStarted(\(operation))"
        case .operationProgressed(let operation, let progress): "operationProgressed(\(operation), \(progress))"
        case .operationSettled(let operation): "operationSettled(\(operation))"
        case .operationPending(let operation): "operationPending(\(operation))"
        case .operationFailed(let operation): "operationFailed(\(operation))"
        case .operationReleased(let operation, let reason): "operationReleased(\(operation), \(reason))"
        case .mintQuotePaid(let mint, _, let amount): "mintQuotePaid(\(mint), quote <redacted>, \(amount))"
        case .sentTokenClaimed(let operation): "sentTokenClaimed(\(operation))"
        case .queuedWorkFinished(let mint, let entry, let operation, let done):
            "queuedWorkFinished(\(mint), entry \(entry), operation \(operation.map { "\($0)" } ?? "none"), "
                + "done \(done))"
        case .mintReachability(let mint, let reachable): "mintReachability(\(mint), \(reachable))"
        case .keysetRotated(let mint, let unit, let keyset): "keysetRotated(\(mint), \(unit), \(keyset))"
        case .loginNeeded(let mint): "loginNeeded(\(mint))"
        case .eventsMissed(let count): "eventsMissed(\(count))"
        }
    }
}
