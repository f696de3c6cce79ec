// CLI: `cashu request pay CREQ` — pay a NUT-18/26 payment request: send the amount from an accepted mint, locked as
// asked, and deliver it (HTTP POST, or a Nostr direct message), or print the token when the request names no
// transport.

import ArgumentParser
import CoreCashu

struct RequestPayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay",
        abstract: "Pay a payment request (creqA/creqb).",
        discussion: """
            Asks before paying unless --yes. With an HTTP POST transport the payment is posted to the payee; with \
            a Nostr one it is sent as a NIP-17 direct message from a one-time key to the payee's relays; \
            without a transport the token is printed alone on stdout, to hand over. A request whose only \
            transports are unknown is refused before anything is spent.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The payment request; - or nothing reads stdin.", valueName: "request"))
    var request: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The amount, when the request leaves it to the payer.", valueName: "amount")
    )
    var amount: String?

    @Option(name: .long, help: ArgumentHelp("A note for the payee.", valueName: "text"))
    var memo: String?

    @Flag(name: [.short, .long], help: "Pay without asking.")
    var yes = false

    func run() async throws {
        let text = try URInput.resolve(try TextInput.read(argument: request, file: nil, what: "payment request"))
        try await Self.pay(try Self.decode(text), amount: amount, memo: memo, yes: yes, global: global)
    }

    /// A payment request read from text.
    static func decode(_ text: String) throws -> PaymentRequest {
        do { return try PaymentRequest(encoded: text) } catch {
            throw CLIError(.input, "not a valid payment request: \(error.reason)", code: "invalidInput")
        }
    }

    /// Pays `request` (also for `cashu pay ₿user@domain`, whose instructions may be a payment request).
    static func pay(
        _ request: PaymentRequest, amount: String?, memo: String?, yes: Bool, global: GlobalOptions
    ) async throws {
        let amount = try Self.amount(request, given: amount)
        let transport = try Self.transport(request)
        let lock = try RequestLock.sendLock(request.nut10)
        try await WalletContext.run(global) { context in
            let unit = request.unit.map { CurrencyUnit(rawValue: $0.lowercased()) } ?? context.global.currencyUnit
            let mint = try await Self.mint(for: request, amount: amount, unit: unit, context: context)
            // nuts#381: from a mint outside the request's list, the payee's cost of melting out is added.
            let meltMethods = Set(
                try await context.wallet.capabilities(of: mint).meltMethods.filter { $0.unit == unit }.map(\.method))
            guard let methodFee = request.fee(payingFrom: mint.rawValue, meltMethods: meltMethods) else {
                throw CLIError(
                    .input,
                    "\(mint) cannot melt \(unit) by any method the request accepts; nothing was paid",
                    code: "unsupported"
                )
            }
            let (amount, overflow) = amount.addingReportingOverflow(methodFee)
            guard !overflow else {
                throw CLIError(.input, "the request's amount and fee overflow", code: "invalidInput")
            }
            let target = transport.map { " to \(Untrusted.display($0.target))" } ?? ""
            let what = request.description.map { " for \"\(Untrusted.display($0))\"" } ?? ""
            if !yes {
                guard
                    try await Prompt.confirm(
                        "Pay \(Amount.text(amount, unit))\(what)\(target) from \(mint)?",
                        output: context.output
                    )
                else { throw CLIError(.declined, "not confirmed; nothing was paid", code: "declined") }
            }
            var options = SendOptions(memo: memo, lock: lock)
            options.includeDLEQ = true
            // NUT-18: the requested amount is what the payee nets after swapping the proofs in.
            options.includeFees = true
            let result = try await context.wallet.send(amount: amount, mint: mint, unit: unit, options: options)
            let token = (try? result.token.serialized(as: .v4)) ?? ""
            var fields: [(String, JSONOutput)] = [
                ("amount", .number(result.amount)), ("fee", .number(result.fee)), ("unit", .string(unit.rawValue)),
                ("mint", .string(mint.rawValue)), ("operation", .string(result.operationID.rawValue)),
            ]
            guard let transport else {
                context.output.result(
                    human: token,
                    json: .object([("token", .string(token))] + fields + [("delivered", false)])
                )
                await QRDisplay.show(token, caption: "Token", output: context.output)
                context.output.note("The request names no transport: hand this token to the payee.")
                return
            }
            let payload = PaymentRequestPayload(
                id: request.id,
                memo: memo,
                mint: mint.rawValue,
                unit: unit.rawValue,
                proofs: result.token.proofs
            )
            do {
                if transport.kind == .nostr {
                    try await Self.deliverOverNostr(payload, to: transport, context: context)
                } else {
                    try await PaymentDelivery.post(payload, to: transport.target)
                }
            } catch var failure as CLIError {
                // The ecash left the balance: the token must not be lost with the error.
                if !context.output.json { context.output.result(human: token, json: .null) }
                failure.message +=
                    "; the token is printed on stdout to hand over, and `cashu pending --reclaim` takes it back"
                failure.operationID = result.operationID
                failure.extra = [("token", .string(token))]
                throw failure
            }
            fields += [
                ("transport", .string(transport.kind.rawValue)), ("target", .string(transport.target)),
                ("delivered", true),
            ]
            context.output.result(
                human: "Paid \(Amount.text(result.amount, unit))\(what)\(target) from \(mint).",
                json: .object(fields)
            )
        }
    }

    /// The amount to pay: the request's, else `--amount`; both must agree.
    static func amount(_ request: PaymentRequest, given: String?) throws -> UInt64 {
        let typed = try given.map { text -> UInt64 in
            guard let value = Amount.parse(text) else {
                throw CLIError(.input, "not a valid amount: \(text)", code: "invalidInput")
            }
            return value
        }
        switch (request.amount, typed) {
        case (let asked?, nil): return asked
        case (nil, let typed?): return typed
        case (let asked?, let typed?) where asked == typed: return asked
        case (_?, _?):
            throw CLIError(
                .input,
                "the request asks for \(request.amount ?? 0); --amount differs",
                code: "invalidInput"
            )
        case (nil, nil): throw CLIError(.input, "the request names no amount: pass --amount", code: "invalidInput")
        }
    }

    /// The transport used: the first HTTP POST one, else the first Nostr one; `nil` (in band) when the request
    /// lists none.
    static func transport(_ request: PaymentRequest) throws -> PaymentRequest.Transport? {
        let transports = request.transports ?? []
        if transports.isEmpty { return nil }
        if let post = transports.first(where: { $0.kind == .post }) { return post }
        if let nostr = transports.first(where: { $0.kind == .nostr }) {
            let nips = (nostr.tags ?? []).filter { $0.first == "n" }.flatMap { $0.dropFirst() }
            guard nips.isEmpty || nips.contains("17") else {
                throw CLIError(
                    .input, "the request's Nostr transport asks for NIP \(nips.joined(separator: ", ")), not 17; "
                        + "nothing was paid", code: "unsupportedTransport")
            }
            guard (try? NostrProfile(nip19: nostr.target)) != nil else {
                throw CLIError(
                    .input, "the request's Nostr target is not an npub or nprofile; nothing was paid",
                    code: "invalidInput")
            }
            return nostr
        }
        let kinds = Set(transports.map(\.kind.rawValue)).sorted().joined(separator: ", ")
        throw CLIError(
            .input,
            "the request can only be delivered by \(kinds), which this wallet does not support; nothing was paid",
            code: "unsupportedTransport"
        )
    }

    /// The mint to pay from: `--mint`, else the default, else a wallet mint with enough; one the request accepts
    /// (a listed one first when the list is only a preference, `mp`).
    static func mint(for request: PaymentRequest, amount: UInt64, unit: CurrencyUnit, context: WalletContext)
        async throws -> MintURL
    {
        let accepted = (request.mints ?? []).compactMap { try? MintURL($0) }
        if accepted.isEmpty { return try await context.mint() }
        if request.isMintListStrict == false {
            return try await preferredMint(accepted, amount: amount, unit: unit, context: context)
        }
        if let explicit = try context.global.explicitMint() {
            guard accepted.contains(explicit) else {
                throw CLIError(.input, "the request does not accept ecash from \(explicit)", code: "invalidInput")
            }
            return explicit
        }
        let listed = try await walletMints(context).filter(accepted.contains)
        if let funded = try await firstFunded(listed, amount: amount, unit: unit, context: context) { return funded }
        if let first = listed.first { return first }
        throw CLIError(
            .input,
            "the request accepts ecash only from \(accepted.map(\.rawValue).joined(separator: ", ")), "
                + "none of which is in this wallet",
            code: "unknownMint"
        )
    }

    /// An advisory mint list: `--mint` as given, else a listed wallet mint with enough, else any wallet mint with
    /// enough (the default first), else the default.
    static func preferredMint(_ listed: [MintURL], amount: UInt64, unit: CurrencyUnit, context: WalletContext)
        async throws -> MintURL
    {
        if let explicit = try context.global.explicitMint() { return explicit }
        let mints = try await walletMints(context)
        for choices in [mints.filter(listed.contains), mints] {
            if let funded = try await firstFunded(choices, amount: amount, unit: unit, context: context) {
                return funded
            }
        }
        return try await context.mint()
    }

    /// The wallet's mints, the default first (it may come twice).
    static func walletMints(_ context: WalletContext) async throws -> [MintURL] {
        let known = try await context.wallet.mints().map(\.url)
        return await (try context.defaultMint().map { [$0] } ?? []).filter(known.contains) + known
    }

    /// The first of `mints` holding at least `amount` of `unit`.
    static func firstFunded(_ mints: [MintURL], amount: UInt64, unit: CurrencyUnit, context: WalletContext)
        async throws -> MintURL?
    {
        for mint in mints where try await context.wallet.balance(mint: mint, unit: unit) >= amount { return mint }
        return nil
    }

    /// Sends the payment as a NIP-17 direct message (NUT-18 §Nostr).
    static func deliverOverNostr(
        _ payload: PaymentRequestPayload, to transport: PaymentRequest.Transport, context: WalletContext
    ) async throws {
        do {
            _ = try await context.linux.deliverOverNostr(payload, to: transport)
        } catch {
            throw CLIError(
                .mintUnreachable,
                "no relay confirmed the payment over Nostr (\(error.reason)); it may still arrive, so take it back "
                    + "before paying again",
                code: "deliveryFailed")
        }
    }
}
