import Benchmark
import CoreCashu

func tmpBenchmarks() {
    let keysets = [try! KeysetID(hex: "00ad268c4d1f5826")]
    let proofs = (0..<1000).map { i in
        Proof(amount: 1, id: keysets[0], secret: Scalar.random().exposedSecretHex, C: Scalar.random().publicKey)
    }
    let token = Token(mint: "https://mint.example.com", unit: "sat", memo: "benchmark", proofs: proofs)
    let encoded = try! token.serialized(as: .v4)
    let payload = String(encoded.dropFirst(6))
    let bytes = try! Base64URL.decode(payload)
    let points = proofs.map { $0.C.compressedRepresentation }
    Benchmark("tmp base64 decode 1000") { b in for _ in b.scaledIterations { blackHole(try Base64URL.decode(payload)) } }
    Benchmark("tmp cbor decode 1000") { b in for _ in b.scaledIterations { blackHole(try CBORDecoder.decode(bytes)) } }
    Benchmark("tmp point parse 1000") { b in for _ in b.scaledIterations { for p in points { blackHole(try Point(compressedRepresentation: p)) } } }
}
