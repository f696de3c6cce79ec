// NUT-00/11/12 cryptography: the operations a wallet runs per proof.

import Benchmark
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

func cryptoBenchmarks() {
    // A fixed 64-hex secret as NUT-00 recommends; Fixtures are built once, outside the measured loop.
    let secret = "407915bc212be61a77e3e6d2aeb4c727980bda51cd06a6afc29e2861768a7837"
    let mintKey = Scalar.random()
    let A = mintKey.publicKey
    let r = Scalar.random()

    Benchmark("hash_to_curve") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try HashToCurve.point(secret: secret)) }
    }

    Benchmark("blind (B_ = Y + r·G)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try BDHKE.blind(secret: secret, r: r)) }
    }

    let B_ = try! BDHKE.blind(secret: secret, r: r)
    let C_ = BDHKE.sign(B_: B_, k: mintKey)
    Benchmark("unblind (C = C_ − r·K)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try BDHKE.unblind(C_: C_, r: r, mintKey: A)) }
    }

    let signatureDLEQ = try! DLEQ.prove(a: mintKey, B_: B_, C_: C_)
    let C = try! BDHKE.unblind(C_: C_, r: r, mintKey: A)
    let keyset = try! KeysetID(hex: "009a1f293253e41e")
    let proof = Proof(
        amount: 8, id: keyset, secret: secret, C: C,
        dleq: ProofDLEQ(e: signatureDLEQ.e, s: signatureDLEQ.s, r: r))
    Benchmark("DLEQ verify (proof)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try proof.verifyDLEQ(mintKey: A)) }
    }

    let message = [UInt8](repeating: 0x5a, count: 32)
    let signature = try! Schnorr.sign(message: message, key: mintKey)
    Benchmark("Schnorr sign (BIP-340)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Schnorr.sign(message: message, key: mintKey, auxiliaryRandomness: message))
        }
    }
    Benchmark("Schnorr verify (BIP-340)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Schnorr.verify(signature: signature, message: message, publicKey: A))
        }
    }
}
