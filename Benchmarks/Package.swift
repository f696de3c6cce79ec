// swift-tools-version:6.1
// Benchmarks for CoreCashu, kept in their own package so the library's users never build the benchmark tooling.
// Run: cd Benchmarks && swift package benchmark   (see docs/performance.md)
import PackageDescription

let package = Package(
    name: "CashuBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "CashuSwift", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CoreCashuBenchmarks",
            dependencies: [
                .product(name: "CoreCashu", package: "CashuSwift"),
                .product(name: "LinuxCashu", package: "CashuSwift"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CoreCashuBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        )
    ]
)
