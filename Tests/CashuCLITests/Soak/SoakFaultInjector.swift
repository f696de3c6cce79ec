// Soak (issue 17): arms the fault proxy at random — lost answers, cut answers, slow answers (some past the client's
// read timeout), 500s, garbage — on the mint's endpoints, and fills the wallets' disk now and then (with the soak's
// own PostgreSQL on it, issue 30, WAL going on in some of those windows).

import CashuTestSupport
import Foundation

/// The soak's source of faults, running beside the workers until the deadline.
struct SoakFaultInjector: Sendable {
    var proxy: MintProxy
    var context: SoakContext
    var random: SoakRandom

    /// An injector with its own random stream (one arms faults, another fills the disk, at the same time).
    init(proxy: MintProxy, context: SoakContext, seed: UInt64, stream: UInt64) {
        self.proxy = proxy
        self.context = context
        random = SoakRandom(seed: seed, stream: 1000 + stream)
    }

    /// The endpoints faults are armed on, weighted by how much an answer lost there can hurt.
    static let endpoints: [((String, String), Int)] = [
        (("POST", "/v1/swap"), 5), (("POST", "/v1/mint/bolt11"), 3), (("POST", "/v1/melt/bolt11"), 3),
        (("POST", "/v1/mint/quote/bolt11"), 1), (("POST", "/v1/melt/quote/bolt11"), 1), (("POST", "/v1/checkstate"), 2),
        (("POST", "/v1/restore"), 2), (("GET", "/v1/mint/quote/bolt11/*"), 1), (("GET", "/v1/melt/quote/bolt11/*"), 1),
        (("GET", "/v1/keys*"), 1), (("GET", "/v1/info"), 1),
    ]

    /// Arms one fault every 0.3 to 2.5 s.
    mutating func armFaults() async {
        while ContinuousClock.now < context.deadline {
            try? await Task.sleep(for: .milliseconds(Int.random(in: 300...2500, using: &random)))
            let (method, path) = random.weighted(Self.endpoints)
            let fault: MintProxyFault = random.weighted([
                (.dropResponseAfterForwarding, 3), (.cutMidResponse, 2), (.status(500), 2), (.garbage, 2),
                (.delay(.milliseconds(Int.random(in: 300...5000, using: &random))), 2),
                (.delay(.milliseconds(Int.random(in: 16_000...22_000, using: &random))), 1),
            ])
            proxy.inject(fault, method: method, path: path, times: Int.random(in: 1...2, using: &random))
        }
        proxy.clearFaults()
    }

    /// Fills the disk for 1 to 6 s, every 15 to 45 s. With the soak's own PostgreSQL on it, half the windows also see
    /// WAL go on (``SoakPostgres/growWAL()``): the server must make a WAL segment on the full disk and PANICs.
    mutating func fillDisk() async {
        guard context.disk.mounted else { return }
        while true {
            let wake = ContinuousClock.now + .seconds(Int.random(in: 15...45, using: &random))
            guard wake < context.deadline else { return }
            try? await Task.sleep(until: wake)
            let window = Duration.milliseconds(Int.random(in: 1000...6000, using: &random))
            context.disk.fill()
            let filled = ContinuousClock.now
            let server = context.store.server
            let growWAL = server != nil && random.chance(0.5)
            if growWAL { await server?.growWAL() }
            try? await Task.sleep(until: filled + window)
            context.disk.drain()
            await context.ledger.diskFull(for: window, walGrown: growWAL)
        }
    }

    /// The faults the proxy applied (not merely armed), per kind.
    static func applied(by proxy: MintProxy) -> [String: Int] {
        var counts: [String: Int] = [:]
        for request in proxy.requests {
            guard let fault = request.fault else { continue }
            let kind = String(fault.prefix { $0 != "(" })
            counts[kind == "status" ? "500" : kind, default: 0] += 1
        }
        return counts
    }
}
