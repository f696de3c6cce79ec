// Local API: reading the wallet — balance, mints, mint quotes, activity, pending sends.

import CoreCashu
import Foundation
import Hummingbird

extension APIRoutes {
    struct AddMintBody: Decodable {
        var url: String
        var `default`: Bool?
    }

    struct MintURLBody: Decodable {
        var url: String
    }

    struct MintQuoteRequest: Decodable {
        var amount: UInt64
        var mint: String?
        var unit: String?
    }

    func addWallet(to router: Router<APIRequestContext>) {
        router.get("v1/balance") { _, _ -> Response in
            APIJSON.response(BalanceBody(try await wallet.balances().filter { $0.status == .unspent }))
        }
        router.get("v1/mints") { _, _ -> Response in
            let chosen = try await wallet.defaultMint()
            let mints = try await wallet.mints().map { MintBody(url: $0.url.rawValue, default: $0.url == chosen) }
            return APIJSON.response(["mints": mints.sorted { $0.default && !$1.default }])
        }
        router.post("v1/mints") { request, _ -> Response in
            let body = try await APIJSON.decode(AddMintBody.self, from: request)
            let url = try await chosenMint(body.url)
            let capabilities = try await wallet.addMint(url)
            if body.default == true { try await wallet.setDefaultMint(url) }
            let isDefault = try await wallet.defaultMint() == url
            return APIJSON.response(MintBody(url: url.rawValue, name: capabilities.name, default: isDefault))
        }
        router.post("v1/mints/remove") { request, _ -> Response in
            let body = try await APIJSON.decode(MintURLBody.self, from: request)
            try await wallet.removeMint(try await chosenMint(body.url))
            return APIJSON.response(["removed": true])
        }
        router.post("v1/mints/default") { request, _ -> Response in
            let body = try await APIJSON.decode(MintURLBody.self, from: request)
            let url = try await knownMint(body.url)
            try await wallet.setDefaultMint(url)
            return APIJSON.response(MintBody(url: url.rawValue, default: true))
        }
        // NUT-09/13: the mint's proofs found again from the wallet's phrase; progress goes out as events
        // (`operationProgressed`, kind `restore`) while the request waits.
        router.post("v1/restore") { request, _ -> Response in
            let body = try await APIJSON.decode(MintURLBody.self, from: request)
            let restored = try await wallet.restore(mint: try await chosenMint(body.url))
            struct Body: Encodable {
                var amount: UInt64
                var proofs: Int
                var spent: Int
            }
            return APIJSON.response(
                Body(amount: restored.amount, proofs: restored.proofCount, spent: restored.spentCount))
        }
        router.post("v1/mint-quotes") { request, _ -> Response in
            let body = try await APIJSON.decode(MintQuoteRequest.self, from: request)
            let quote = try await wallet.requestMintQuote(
                amount: try Self.positive(body.amount), mint: try await chosenMint(body.mint),
                unit: try Self.unit(body.unit))
            return APIJSON.response(MintQuoteBody(quote))
        }
        router.post("v1/mint-quotes/{id}/mint") { _, context -> Response in
            let id = try context.parameters.require("id")
            let minted = try await wallet.mint(quoteID: id)
            struct Body: Encodable {
                var amount: UInt64
                var operation: String
            }
            return APIJSON.response(Body(amount: minted.amount ?? 0, operation: minted.id.description))
        }
        router.get("v1/activity") { request, _ -> Response in
            let text = request.uri.queryParameters.get("limit")
            guard let limit = text.map({ Int($0) }) ?? 100, (1...1000).contains(limit) else {
                throw APIFailure(.badRequest, "invalidInput", "limit is from 1 to 1000")
            }
            return APIJSON.response(["entries": try await wallet.activity(limit: limit).map(ActivityBody.init)])
        }
        router.get("v1/pending") { _, _ -> Response in
            let entries = try await wallet.activity(limit: 1000).filter { $0.state == .pending }
            return APIJSON.response(["entries": entries.map(ActivityBody.init)])
        }
        router.post("v1/pending/{id}/reclaim") { _, context -> Response in
            let id = try context.parameters.require("id")
            guard let send = try await wallet.pendingSends().first(where: { $0.operationID.description == id }) else {
                throw APIFailure(.notFound, "notFound", "no unclaimed send \(id)")
            }
            let result = try await wallet.reclaim(send.operationID)
            struct Body: Encodable {
                var amount: UInt64
                var fee: UInt64
            }
            return APIJSON.response(Body(amount: result.amount, fee: result.fee))
        }
    }
}
