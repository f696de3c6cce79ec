// swift-tools-version:6.1
// Coverage-guided fuzzing (libFuzzer) of every decoder of untrusted input, kept in its own package so the library's
// users never build it. Run: scripts/fuzz (lists the targets), scripts/fuzz TARGET [SECONDS] (see docs/testing.md).
import PackageDescription

let package = Package(
    name: "CashuFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "CashuSwift", path: "../")
    ],
    targets: [
        // libFuzzer's LLVMFuzzerRunDriver, declared for Swift (the library is linked by -sanitize=fuzzer).
        .systemLibrary(name: "CLibFuzzer"),
        // One libFuzzer binary for every target, chosen by CASHU_FUZZ_TARGET: one link of a sanitized binary instead
        // of one per target keeps the CI build short. Built by scripts/fuzz with -sanitize=fuzzer,address and
        // -enable-testing (the codecs under test are internal to CashuEngine and CashuNostr).
        .executableTarget(
            name: "CashuFuzz",
            dependencies: [
                "CLibFuzzer",
                .product(name: "CashuNostr", package: "CashuSwift"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
