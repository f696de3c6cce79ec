// Local API: a wallet event as one JSON object of the event stream (`GET /v1/events`).

import CoreCashu

/// An event's fields, flat: `type` names the event; the rest are there when the event has them. Never a secret.
struct WalletEventBody: Encodable, Sendable {
    var type: String
    var mint: String?
    var unit: String?
    var balance: UInt64?
    var operation: String?
    var kind: String?
    var amount: UInt64?
    var fee: UInt64?
    var completed: Int?
    var total: Int?
    var reason: String?
    var quote: String?
    var reachable: Bool?
    var done: Bool?
    var count: Int?

    init(_ event: WalletEvent) {
        var body = Self(type: "")
        switch event {
        case .balanceChanged(let mint, let unit, let balance):
            body.type = "balanceChanged"
            body.mint = mint.rawValue
            body.unit = unit.rawValue
            body.balance = balance
        case .operationPrepared(let operation): body = Self("operationPrepared", operation)
        case .operationStarted(let operation): body = Self("operationStarted", operation)
        case .operationProgressed(let operation, let progress):
            body = Self("operationProgressed", operation)
            body.completed = progress.completed
            body.total = progress.total
        case .operationSettled(let operation): body = Self("operationSettled", operation)
        case .operationPending(let operation): body = Self("operationPending", operation)
        case .operationFailed(let operation): body = Self("operationFailed", operation)
        case .operationReleased(let operation, let release):
            body = Self("operationReleased", operation)
            switch release {
            case .cancelled: body.reason = "cancelled"
            case .expired: body.reason = "expired"
            case .abandoned: body.reason = "abandoned"
            case .refused: body.reason = "refused"
            }
        case .mintQuotePaid(let mint, let quoteID, let amount):
            body.type = "mintQuotePaid"
            body.mint = mint.rawValue
            body.quote = quoteID
            body.amount = amount
        case .sentTokenClaimed(let operation): body = Self("sentTokenClaimed", operation)
        case .queuedWorkFinished(let mint, let entry, let operation, let done):
            body.type = "queuedWorkFinished"
            body.mint = mint.rawValue
            body.operation = operation?.description ?? entry.description
            body.done = done
        case .mintReachability(let mint, let reachable):
            body.type = "mintReachability"
            body.mint = mint.rawValue
            body.reachable = reachable
        case .keysetRotated(let mint, let unit, _):
            body.type = "keysetRotated"
            body.mint = mint.rawValue
            body.unit = unit.rawValue
        case .loginNeeded(let mint):
            body.type = "loginNeeded"
            body.mint = mint.rawValue
        case .eventsMissed(let count):
            body.type = "eventsMissed"
            body.count = count
        }
        self = body
    }

    private init(type: String) {
        self.type = type
    }

    private init(_ type: String, _ operation: WalletOperationEvent) {
        self.type = type
        self.operation = operation.id.description
        kind = operation.kind.rawValue
        mint = operation.mint.rawValue
        unit = operation.unit.rawValue
        amount = operation.amount
        fee = operation.fee
    }
}
