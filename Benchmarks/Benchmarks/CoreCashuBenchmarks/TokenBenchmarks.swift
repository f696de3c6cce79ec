// NUT-00 token V4 encoding and decoding at 10, 100 and 1000 proofs.

import Benchmark
import CoreCashu

func tokenBenchmarks() {
}
