// Tests of Tests/CashuEngineTestSupport/ScriptedMint: the scripted mint behaves like a mint and its faults reach
// the wallet.

@testable import CashuEngine
import CashuEngineTestSupport
import Testing

@Suite("ScriptedMint")
struct ScriptedMintTests {
    /// Restore settings small enough for a test to run in milliseconds.
    static let quickRestore = WalletOptions(restoreBatchSize: 20, restoreGapLimit: 2)

    /// The wallet error `body` throws, `nil` when it succeeds.
    func walletError<T>(_ body: () async throws -> T) async -> WalletError? {
        do {
            _ = try await body()
            return nil
        } catch let error as WalletError {
            return error
        } catch {
            Issue.record("expected a WalletError, got \(error)")
            return nil
        }
    }

    /// The `Y` of each proof.
    func Ys(_ proofs: [Proof]) throws -> [CompressedPoint] {
        try proofs.map { CompressedPoint(try HashToCurve.point(secret: $0.secret)) }
    }

    // MARK: Behaving like a mint

    @Test func aWalletFundedThroughItHasTheBalance() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.funded(mint, amount: 100)
        #expect(try await wallet.balance() == 100)
        #expect(mint.count(.mint) == 1)
        #expect(mint.requests.first == .info)
        let quote = try #require(await wallet.mintQuotes().first)
        #expect(quote.pubkey != nil)  // NUT-20 advertised: the quote was locked and the mint checked the signature
        #expect(mint.mintQuoteState(quote.id) == .issued)
    }

    @Test func sendAndReceiveBetweenTwoWallets() async throws {
        let mint = ScriptedMint()
        let alice = try await ScriptedWallet.funded(mint, amount: 100)
        let bob = try await ScriptedWallet.open(mints: [mint])
        let sent = try await alice.send(amount: 30, mint: mint.url, options: SendOptions(preferOffline: false))
        #expect(sent.swapped)
        let received = try await bob.receive(
            try sent.token.serialized(as: .v4), options: ReceiveOptions(addUnknownMint: true))
        #expect(received.amount == 30)
        #expect(try await bob.balance() == 30)
        #expect(try await alice.balance() == 70)
        let report = try await alice.check(mint: mint.url)
        #expect(report.claimed == [sent.operationID])
    }

    @Test func receivesAnIssuedTokenPayingTheInputFee() async throws {
        let mint = ScriptedMint(host: "fee-mint.test", inputFeePPK: 100)
        let wallet = try await ScriptedWallet.open(mints: [mint])
        let token = mint.token(amounts: [8, 2])
        let received = try await wallet.receive(token: token, options: ReceiveOptions(addUnknownMint: true))
        #expect(received.fee == 1)  // ceil(2 × 100 / 1000)
        #expect(received.amount == 9)
        #expect(try await wallet.balance() == 9)
        #expect(try token.proofs.allSatisfy { mint.isSpent(CompressedPoint(try HashToCurve.point(secret: $0.secret))) })
    }

    @Test func aTokenSpentElsewhereIsAlreadySpent() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.open(mints: [mint])
        try await wallet.addMint(mint.url)
        let token = mint.token(amounts: [4, 1])
        mint.spend(try Ys(token.proofs))
        let error = await walletError { try await wallet.receive(token: token) }
        #expect(error?.code == .alreadySpent)
        #expect(try await wallet.balance() == 0)
    }

    @Test func meltPaidReturnsTheUnusedFeeReserveAsChange() async throws {
        let mint = ScriptedMint(feeReserve: 4)
        mint.meltBehaviour = .pay(lightningFee: 1)
        let wallet = try await ScriptedWallet.funded(mint, amount: 100)
        let quote = try await wallet.meltQuote(request: mint.makeInvoice(amount: 40), mint: mint.url)
        #expect(quote.amount == 40 && quote.feeReserve == 4)
        let result = try await wallet.melt(quoteID: quote.id)
        #expect(result.state == .paid)
        #expect(result.change == 3)
        #expect(result.fee == 1)
        #expect(result.proofOfPayment == .verified)
        #expect(try await wallet.balance() == 59)
        #expect(mint.meltQuoteState(quote.id) == .paid)
    }

    @Test func meltPendingThenSettledPaid() async throws {
        let mint = ScriptedMint()
        mint.meltBehaviour = .pending
        let wallet = try await ScriptedWallet.funded(mint, amount: 100)
        let quote = try await wallet.meltQuote(request: mint.makeInvoice(amount: 40), mint: mint.url)
        let pending = try await wallet.melt(quoteID: quote.id)
        #expect(pending.state == .pending)
        #expect(mint.pendingCount > 0)
        #expect(try await wallet.balance() == 58)  // 42 held pending
        #expect(mint.settlePendingMelt(quote: quote.id, paid: true))
        let settled = try await wallet.waitForMelt(quoteID: quote.id, timeout: .seconds(5))
        #expect(settled.state == .paid)
        #expect(settled.change == 2)
        #expect(try await wallet.balance() == 60)
        #expect(mint.pendingCount == 0)
    }

    @Test func meltPendingThenFailedReleasesTheProofs() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.funded(mint, amount: 100)
        let quote = try await wallet.meltQuote(request: mint.makeInvoice(amount: 40), mint: mint.url)
        mint.setMeltBehaviour(.pending, quote: quote.id)
        #expect(try await wallet.melt(quoteID: quote.id).state == .pending)
        mint.settlePendingMelt(quote: quote.id, paid: false)
        let error = await walletError { try await wallet.waitForMelt(quoteID: quote.id, timeout: .seconds(5)) }
        #expect(error?.code == .mintRefused)
        #expect(try await wallet.balance() == 100)
        #expect(mint.meltQuoteState(quote.id) == .unpaid)
    }

    @Test func aFailedPaymentAnswersUnpaidAndTheWalletKeepsItsProofs() async throws {
        let mint = ScriptedMint()
        mint.meltBehaviour = .fail
        let wallet = try await ScriptedWallet.funded(mint, amount: 100)
        let quote = try await wallet.meltQuote(request: mint.makeInvoice(amount: 40), mint: mint.url)
        let error = await walletError { try await wallet.melt(quoteID: quote.id) }
        #expect(error?.code == .mintRefused)
        #expect(try await wallet.balance() == 100)
        #expect(try await wallet.proofs(statuses: [.pending, .reserved]).isEmpty)
    }

    @Test func restoresAFundedWalletIntoANewWalletWithTheSameMnemonic() async throws {
        let mint = ScriptedMint()
        let secrets = InMemorySecureStore()
        let original = try await ScriptedWallet.funded(mint, amount: 100, secureStore: secrets)
        _ = try await original.send(amount: 30, mint: mint.url, options: SendOptions(preferOffline: false))
        let mnemonic = try #require(await secrets.mnemonic)
        let restored = try await ScriptedWallet.open(mints: [mint], options: Self.quickRestore, mnemonic: mnemonic)
        try await restored.addMint(mint.url)
        let result = try await restored.restore(mint: mint.url)
        // The 30 sent are unspent at the mint and derived from the seed: a restore takes them back too.
        #expect(result.amount == 100)
        #expect(result.spentCount > 0)  // the proofs the send swapped away
        #expect(try await restored.balance() == 100)
    }

    @Test func aRotatedKeysetStillAcceptsItsProofs() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.funded(mint, amount: 64)
        let old = mint.activeKeyset.id
        mint.rotateKeyset()
        #expect(mint.keysets.count == 2 && mint.activeKeyset.id != old)
        _ = try await wallet.receive(token: mint.token(amounts: [8]))  // new keyset: the wallet syncs it
        let sent = try await wallet.send(amount: 70, mint: mint.url, options: SendOptions(preferOffline: false))
        #expect(sent.token.proofs.allSatisfy { $0.id == mint.activeKeyset.id })
        #expect(try await wallet.balance() == 2)
    }

    @Test func aLockedQuoteNeedsItsSignatureAndSignaturesCarryDLEQ() async throws {
        let mint = ScriptedMint()
        let connector = mint.connector()
        let key = Scalar.random()
        let quote = try await connector.mintQuote(MintQuoteBolt11Request(amount: 4, unit: .sat, pubkey: key.publicKey))
        #expect(quote.state == .paid && quote.pubkey == key.publicKey)
        #expect(Bolt11Amount.satoshis(quote.request) == 4)
        let r = Scalar.random()
        let output = BlindedMessage(
            amount: 4, id: mint.activeKeyset.id, B_: try BDHKE.blind(secret: "scripted", r: r))
        do {
            _ = try await connector.mint(MintRequest(quote: quote.quote, outputs: [output]))
            Issue.record("an unsigned mint of a locked quote went through")
        } catch {
            #expect(error.mintError?.known == .mintSignatureInvalid)
        }
        let signature = try MintQuoteSignature.sign(quote: quote.quote, outputs: [output], key: key)
        let minted = try await connector.mint(MintRequest(quote: quote.quote, outputs: [output], signature: signature))
        let mintKey = try #require(mint.activeKeyset.keys[4])
        try minted.signatures[0].verifyDLEQ(blindedMessage: output, mintKey: mintKey)
        let restored = try await connector.restore(RestoreRequest(outputs: [output]))
        #expect(restored.signatures == minted.signatures)
        do {
            _ = try await connector.mint(MintRequest(quote: quote.quote, outputs: [output], signature: signature))
            Issue.record("a quote was minted twice")
        } catch {
            #expect(error.mintError?.known == .quoteAlreadyIssued)
        }
    }

    @Test func anUnpaidQuoteIsRefusedUntilPaid() async throws {
        let mint = ScriptedMint()
        mint.autoPayMintQuotes = false
        let wallet = try await ScriptedWallet.open(mints: [mint])
        try await wallet.addMint(mint.url)
        let quote = try await wallet.requestMintQuote(amount: 50, mint: mint.url)
        #expect(quote.state == .unpaid)
        let error = await walletError { try await wallet.mint(quoteID: quote.id) }
        #expect(error?.mintError?.known == .quoteNotPaid)
        mint.payMintQuote(quote.id)
        #expect(try await wallet.mint(quoteID: quote.id).amount == 50)
        #expect(try await wallet.balance() == 50)
    }

    @Test func aP2PKLockHoldsAtTheMint() async throws {
        let mint = ScriptedMint()
        let alice = try await ScriptedWallet.funded(mint, amount: 100)
        let bob = try await ScriptedWallet.open(mints: [mint])
        let bobKey = Scalar.random()
        let sent = try await alice.send(
            amount: 16, mint: mint.url, options: SendOptions(lock: .p2pk(key: bobKey.publicKey)))
        let received = try await bob.receive(
            token: sent.token, options: ReceiveOptions(addUnknownMint: true, signingKeys: [bobKey]))
        #expect(received.amount == 16)
        // Without a witness, the mint refuses a locked proof.
        let locked = mint.issueProof(
            amount: 4, secret: WellKnownSecret.make(kind: .p2pk, data: bobKey.publicKey.hex).rawValue)
        let output = BlindedMessage(
            amount: 4, id: mint.activeKeyset.id, B_: try BDHKE.blind(secret: "unlocked", r: Scalar.random()))
        do {
            _ = try await mint.connector().swap(SwapRequest(inputs: [locked], outputs: [output]))
            Issue.record("a locked proof was spent without its witness")
        } catch {
            #expect(error.mintError?.known == .proofVerificationFailed)
        }
        #expect(try !mint.isSpent(CompressedPoint(HashToCurve.point(secret: locked.secret))))
    }

    @Test func withNUT19AReplayedSwapGetsTheCachedAnswer() async throws {
        let output = { (mint: ScriptedMint) throws -> BlindedMessage in
            BlindedMessage(amount: 8, id: mint.activeKeyset.id, B_: try BDHKE.blind(secret: "out", r: Scalar.random()))
        }
        let caching = ScriptedMint(host: "caching.test", nuts: ScriptedMint.defaultNUTs.union([19]))
        let request = SwapRequest(inputs: caching.issueProofs(amounts: [8]), outputs: [try output(caching)])
        let first = try await caching.connector().swap(request)
        #expect(try await caching.connector().swap(request) == first)
        let info = try await caching.connector().info()
        #expect(info.nuts.cachedResponses?.cachedEndpoints.contains { $0.path == "/v1/swap" } == true)
        let plain = ScriptedMint(host: "plain.test")
        let again = SwapRequest(inputs: plain.issueProofs(amounts: [8]), outputs: [try output(plain)])
        _ = try await plain.connector().swap(again)
        do {
            _ = try await plain.connector().swap(again)
            Issue.record("a replayed swap went through twice")
        } catch {
            #expect(error.mintError?.known == .proofsAlreadySpent)
        }
    }

    @Test func batchMintsSeveralQuotesAtOnce() async throws {
        let mint = ScriptedMint(nuts: ScriptedMint.defaultNUTs.union([29]))
        mint.autoPayMintQuotes = false
        let connector = mint.connector()
        let a = try await connector.mintQuote(MintQuoteBolt11Request(amount: 2, unit: .sat))
        let b = try await connector.mintQuote(MintQuoteBolt11Request(amount: 1, unit: .sat))
        let check = try BatchCheckRequest(quotes: [a.quote, b.quote])
        #expect(try await connector.checkMintQuotes(check).map(\.state) == [.unpaid, .unpaid])
        mint.payAllMintQuotes()
        let outputs = try [UInt64(2), 1].map { amount throws -> BlindedMessage in
            let B_ = try BDHKE.blind(secret: "batch \(amount)", r: .random())
            return BlindedMessage(amount: amount, id: mint.activeKeyset.id, B_: B_)
        }
        let minted = try await connector.batchMint(BatchMintRequest(quotes: [a.quote, b.quote], outputs: outputs))
        #expect(minted.signatures.map(\.amount) == [2, 1])
        #expect(try await connector.checkMintQuotes(check).map(\.state) == [.issued, .issued])
        #expect(mint.count(.batchMint) == 1 && mint.count(.checkMintQuotes) == 2)
    }

    // MARK: Faults as the wallet sees them

    @Test func aLostSwapAnswerLeavesTheSendPendingAndRecoverySettlesIt() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.funded(mint, amount: 100)
        mint.script(.swap, .lostAnswer())
        let error = await walletError {
            try await wallet.send(amount: 30, mint: mint.url, options: SendOptions(preferOffline: false))
        }
        #expect(error?.code == .pending)
        let id = try #require(error?.operationID)
        #expect(mint.spentCount > 0)  // the mint did swap
        let report = await wallet.recover()
        #expect(report.resolved.contains(id))
        #expect(report.unresolved.isEmpty)
        #expect(mint.count(.checkState) + mint.count(.restore) > 0)  // learned through NUT-07/NUT-09
        #expect(try await wallet.balance() == 100)  // the token was never handed out: its proofs came back
    }

    @Test func aRefusedSwapReleasesTheProofs() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.funded(mint, amount: 100)
        mint.script(.swap, .refuse(code: MintError.KnownCode.transactionNotBalanced.rawValue))
        let error = await walletError {
            try await wallet.send(amount: 30, mint: mint.url, options: SendOptions(preferOffline: false))
        }
        #expect(error?.code == .mintRefused)
        #expect(error?.mintError?.known == .transactionNotBalanced)
        #expect(mint.spentCount == 0)
        #expect(try await wallet.balance() == 100)
    }

    @Test func anUnreachableMintFailsDefinitelyAndATimeoutStaysPending() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.funded(mint, amount: 100)
        mint.script(.swap, .unreachable, .timeout)
        let options = SendOptions(preferOffline: false)
        let unreachable = await walletError { try await wallet.send(amount: 30, mint: mint.url, options: options) }
        #expect(unreachable?.code == .mintUnreachable)
        #expect(try await wallet.balance() == 100)
        let timedOut = await walletError { try await wallet.send(amount: 30, mint: mint.url, options: options) }
        #expect(timedOut?.code == .pending)
        #expect(timedOut?.operationID != nil)
        #expect(mint.spentCount == 0)  // nothing reached the mint
        #expect(mint.pendingFaults(.swap) == 0)
        let report = await wallet.recover()
        #expect(report.unresolved.isEmpty)
        #expect(try await wallet.balance() == 100)
    }

    @Test func anHTTPStatusOrAnUnreadableAnswerOnMintIsRecovered() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.open(mints: [mint])
        try await wallet.addMint(mint.url)
        mint.script(.mint, .httpStatus(502))
        let first = try await wallet.requestMintQuote(amount: 21, mint: mint.url)
        let status = await walletError { try await wallet.mint(quoteID: first.id) }
        #expect(status?.code == .pending)
        #expect(mint.mintQuoteState(first.id) == .paid)  // nothing done at the mint
        mint.script(.mint, .invalidResponse)
        let second = try await wallet.requestMintQuote(amount: 13, mint: mint.url)
        let unreadable = await walletError { try await wallet.mint(quoteID: second.id) }
        #expect(unreadable?.code == .pending)
        #expect(mint.mintQuoteState(second.id) == .issued)  // the mint signed
        let report = await wallet.recover()
        #expect(report.unresolved.isEmpty)
        #expect(try await wallet.balance() == 34)
    }

    @Test func aRefusalAfterProcessingStillCreditsTheReceive() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.open(mints: [mint])
        try await wallet.addMint(mint.url)
        mint.script(.swap, .processThenRefuse(code: 0, detail: "internal error"))
        let received = try await wallet.receive(token: mint.token(amounts: [16, 4]))
        #expect(received.amount == 20)
        #expect(try await wallet.balance() == 20)
        #expect(mint.count(.restore) > 0)
    }

    @Test func tamperedSignaturesAreRejectedAndRecoveryRestoresTheRealOnes() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.open(mints: [mint])
        try await wallet.addMint(mint.url)
        mint.script(.swap, .tamper { signatures in signatures[0].C_ = Scalar.random().publicKey })
        let error = await walletError { try await wallet.receive(token: mint.token(amounts: [16, 4])) }
        #expect(error?.code == .invalidMintResponse)
        #expect(error?.operationID != nil)
        #expect(try await wallet.balance() == 0)
        let report = await wallet.recover()
        #expect(report.unresolved.isEmpty)
        #expect(try await wallet.balance() == 20)
    }

    @Test func aLostMeltAnswerIsSettledByRecovery() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.funded(mint, amount: 100)
        let quote = try await wallet.meltQuote(request: mint.makeInvoice(amount: 40), mint: mint.url)
        mint.script(.melt, .lostAnswer(.transport))
        let error = await walletError { try await wallet.melt(quoteID: quote.id) }
        #expect(error?.code == .pending)
        #expect(mint.meltQuoteState(quote.id) == .paid)
        let report = await wallet.recover()
        #expect(report.unresolved.isEmpty)
        #expect(try await wallet.balance() == 60)
    }

    @Test func aHeldSwapLetsAnotherClaimTheSameTokenFirst() async throws {
        let mint = ScriptedMint()
        let bob = try await ScriptedWallet.open(mints: [mint])
        let carol = try await ScriptedWallet.open(mints: [mint])
        try await bob.addMint(mint.url)
        try await carol.addMint(mint.url)
        let token = mint.token(amounts: [8])
        let (gate, open) = AsyncStream<Void>.makeStream()
        mint.script(.swap, .hold { for await _ in gate { break } })
        async let bobClaim = walletError { try await bob.receive(token: token) }
        while mint.count(.swap) == 0 { await Task.yield() }
        #expect(try await carol.receive(token: token).amount == 8)
        open.finish()
        #expect(await bobClaim?.code == .alreadySpent)
        #expect(try await bob.balance() == 0)
        #expect(try await carol.balance() == 8)
    }

    @Test func anUnreachableInfoKeepsTheMintOut() async throws {
        let mint = ScriptedMint()
        let wallet = try await ScriptedWallet.open(mints: [mint])
        mint.scriptAlways(.info, .unreachable)
        let error = await walletError { try await wallet.addMint(mint.url) }
        #expect(error?.code == .mintUnreachable)
        mint.scriptAlways(.info, nil)
        try await wallet.addMint(mint.url)
        #expect(mint.count(.info) == 2)
        let stranger = try MintURL("https://nowhere.test")
        let unknown = await walletError { try await wallet.addMint(stranger) }
        #expect(unknown?.code == .mintUnreachable)
    }
}
