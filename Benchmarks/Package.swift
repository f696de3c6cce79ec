// swift-tools-version:6.1
// Benchmarks for CoreCashu, kept in their own package so the library's users never build the benchmark tooling.
// Run: cd Benchmarks && CASHU_ENABLE_TESTING=1 swift package benchmark   (see docs/performance.md): the benchmarks
// reach CashuSwift's package internals through @testable imports, so its modules are built with -enable-testing (the
// variable turns it on in CashuSwift's manifest; package-benchmark passes no compiler flag to the targets it builds).
// Sends per second from several processes on one PostgreSQL wallet: scripts/bench/throughput (SendThroughput).
import PackageDescription

let package = Package(
    name: "CashuBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "CashuSwift", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // What the benchmarks and the throughput driver share: the test mint and PostgreSQL, proofs minted directly.
        .target(
            name: "CashuBenchSupport",
            dependencies: [
                .product(name: "CoreCashu", package: "CashuSwift"),
                .product(name: "CashuPostgres", package: "CashuSwift"),
            ],
            path: "Sources/CashuBenchSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "CoreCashuBenchmarks",
            dependencies: [
                "CashuBenchSupport",
                .product(name: "CoreCashu", package: "CashuSwift"),
                .product(name: "CashuPostgres", package: "CashuSwift"),
                .product(name: "LinuxCashu", package: "CashuSwift"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CoreCashuBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        // Sends per second from N processes sharing one PostgreSQL wallet, every send settled and checked.
        .executableTarget(
            name: "SendThroughput",
            dependencies: [
                "CashuBenchSupport",
                .product(name: "CoreCashu", package: "CashuSwift"),
                .product(name: "CashuPostgres", package: "CashuSwift"),
            ],
            path: "Sources/SendThroughput",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
