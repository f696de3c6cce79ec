// NUT-00 token V4 encoding and decoding at 10, 100 and 1000 proofs.

import Benchmark
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

func tokenBenchmarks() {
    // Realistic proofs: 64-hex secrets, valid distinct C points, two keysets, DLEQ-free (as most tokens travel).
    let keysets = [try! KeysetID(hex: "00ad268c4d1f5826"), try! KeysetID(hex: "00ffd48b8f5ecf80")]
    func token(proofs count: Int) -> Token {
        let proofs = (0..<count).map { i in
            Proof(
                amount: UInt64(1) << UInt64(i % 20),
                id: keysets[i % 2],
                secret: Scalar.random().exposedSecretHex,
                C: Scalar.random().publicKey)
        }
        return Token(mint: "https://mint.example.com", unit: "sat", memo: "benchmark", proofs: proofs)
    }

    for count in [10, 100, 1000] {
        let fixture = token(proofs: count)
        let encoded = try! fixture.serialized(as: .v4)
        Benchmark("token V4 encode (\(count) proofs)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try fixture.serialized(as: .v4)) }
        }
        Benchmark("token V4 decode (\(count) proofs)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try Token.decode(encoded)) }
        }
    }
}
