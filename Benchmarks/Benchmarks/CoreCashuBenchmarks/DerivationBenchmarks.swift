// NUT-13 secret derivation and NUT-02 keyset id derivation.

import Benchmark
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

func derivationBenchmarks() {
    let mnemonic = try! Mnemonic(
        phrase: "half depart obvious quality work element tank gorilla view sugar picture humble")
    let secrets = try! DeterministicSecrets(mnemonic: mnemonic)
    let v1 = try! KeysetID(hex: "009a1f293253e41e")
    let v2 = try! KeysetID(hex: "015ba18a8adcd02e715a58358eb618da4a4b3791151a4bee5e968bb88406ccf76a")

    // One output: its secret and blinding factor, as a wallet derives them before each request.
    Benchmark("NUT-13 derive v1 (BIP-32)") { benchmark in
        var counter: UInt64 = 0
        for _ in benchmark.scaledIterations {
            blackHole(try secrets.derive(keysetID: v1, counter: counter))
            counter &+= 1
        }
    }
    Benchmark("NUT-13 derive v2 (HMAC)") { benchmark in
        var counter: UInt64 = 0
        for _ in benchmark.scaledIterations {
            blackHole(try secrets.derive(keysetID: v2, counter: counter))
            counter &+= 1
        }
    }

    // A full 64-amount keyset, as mints publish (amounts 2^0 … 2^63).
    var keys: [UInt64: Point] = [:]
    for bit in 0..<64 { keys[UInt64(1) << UInt64(bit)] = Scalar.random().publicKey }
    let keysetKeys = try! KeysetKeys(keys)
    Benchmark("keyset id v1 (64 keys)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try KeysetID.v1(keys: keysetKeys)) }
    }
    Benchmark("keyset id v2 (64 keys)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try KeysetID.v2(keys: keysetKeys, unit: CurrencyUnit.sat, inputFeePPK: 100, finalExpiry: nil))
        }
    }
}
