// swift-tools-version:6.2
import PackageDescription

/// Every target of this package: Swift 6 mode, and a warning fails the build (one was a money-path bug).
// The benchmarks (Benchmarks/, a package of their own) reach package internals through @testable imports, and
// package-benchmark builds them with no extra compiler flag: scripts/bench/* set CASHU_ENABLE_TESTING=1, which builds
// every module here with -enable-testing. Never set for the library's users.
let testable: [SwiftSetting] =
    Context.environment["CASHU_ENABLE_TESTING"] == "1" ? [.unsafeFlags(["-enable-testing"])] : []
let projectSettings: [SwiftSetting] = [.swiftLanguageMode(.v6), .treatAllWarnings(as: .error)] + testable

let package = Package(
    name: "CashuSwift",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "CoreCashu", targets: ["CoreCashu"]),
        .library(name: "LinuxCashu", targets: ["LinuxCashu"]),
        .library(name: "CashuPostgres", targets: ["CashuPostgres"]),
        .library(name: "CashuNostr", targets: ["CashuNostr"]),
        .library(name: "CashuServices", targets: ["CashuServices"]),
        .executable(name: "cashu", targets: ["CashuCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/websocket-kit.git", from: "2.16.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // The service's local API and web wallet (`cashu daemon run --api`).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // `swift package generate-documentation` (DocC); a plugin only, nothing of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSecp256k1",
            pkgConfig: "libsecp256k1",
            providers: [.apt(["libsecp256k1-dev"])]
        ),
        // The protocol (crypto, encodings, NUT models and rules) and the wallet engine (sagas, store and connector
        // protocols, the in-memory store): no networking, no database.
        .target(
            name: "CashuEngine",
            dependencies: [
                "CSecp256k1",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: projectSettings
        ),
        // The mint connector over HTTP (async-http-client, SwiftNIO).
        .target(
            name: "CashuHTTP",
            dependencies: [
                "CashuEngine",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: projectSettings
        ),
        // The SQL both stores share: the row mapping, the store protocols' statements, a row reader and the dialect
        // hooks. No database driver: each store target binds values and reads rows its own way.
        .target(
            name: "CashuSQL",
            dependencies: ["CashuEngine"],
            swiftSettings: projectSettings
        ),
        .testTarget(
            name: "CashuSQLTests",
            dependencies: ["CashuSQL", "CashuEngine"],
            swiftSettings: projectSettings
        ),
        // The embedded store (GRDB, WAL) with its lock-file leases and wallet directory.
        .target(
            name: "CashuSQLite",
            dependencies: [
                "CashuEngine",
                "CashuSQL",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: projectSettings
        ),
        // The shared store for services (postgres-nio): several processes and hosts on one wallet.
        .target(
            name: "CashuPostgres",
            dependencies: [
                "CashuEngine",
                "CashuSQL",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: projectSettings
        ),
        // Nostr (NIP-01 events, NIP-19, NIP-44, NIP-59 gift wraps, NIP-47 messages): pure, no networking.
        .target(
            name: "CashuNostr",
            dependencies: [
                "CashuEngine",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: projectSettings
        ),
        .testTarget(
            name: "CashuNostrTests",
            dependencies: ["CashuNostr", "CashuEngine", "CashuTestSupport"],
            swiftSettings: projectSettings
        ),
        // What users import: re-exports the three above.
        .target(
            name: "CoreCashu",
            dependencies: ["CashuEngine", "CashuHTTP", "CashuSQLite"],
            swiftSettings: projectSettings
        ),
        // The engine's test support: a scripted in-memory mint and wallet. Only the engine and swift-crypto, so the
        // engine's own tests build without AsyncHTTPClient, NIO or a database (scripts/check-layers).
        .target(
            name: "CashuEngineTestSupport",
            dependencies: [
                "CashuEngine",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/CashuEngineTestSupport",
            swiftSettings: projectSettings
        ),
        // Test support shared by the other test targets: the real Nutshell test mint, script running, log capture,
        // network doubles; it re-exports CashuEngineTestSupport.
        .target(
            name: "CashuTestSupport",
            dependencies: [
                "CoreCashu",
                "CashuNostr",
                "CashuEngineTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/CashuTestSupport",
            swiftSettings: projectSettings
        ),
        .testTarget(
            name: "CoreCashuTests",
            dependencies: [
                "CoreCashu",
                "CashuEngine",
                "CashuHTTP",
                "CashuSQL",
                "CashuSQLite",
                "CashuPostgres",
                "CashuTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: projectSettings
        ),
        // The wallet engine's sagas and recovery, against a scripted in-memory mint: no mint, network or files; built
        // from the engine and its test support only (no AsyncHTTPClient, NIO or database: scripts/check-layers).
        .testTarget(
            name: "WalletEngineTests",
            dependencies: ["CashuEngine", "CashuEngineTestSupport"],
            swiftSettings: projectSettings
        ),
        // The portable services over CoreCashu and CashuNostr: the offline queue, the NUT-17 WebSocket client, the
        // Nostr relay pool, NIP-47 wallet connections, NUT-18 payment requests over Nostr, the mint-list backup, the
        // NUT-24 paid HTTP client and the redacting logger. No Linux-only library, no Glibc import outside
        // `#if canImport` (scripts/check-layers).
        .target(
            name: "CashuServices",
            dependencies: [
                "CoreCashu",
                "CashuNostr",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "WebSocketKit", package: "websocket-kit"),
                .product(name: "NIOSOCKS", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: projectSettings
        ),
        .testTarget(
            name: "CashuServicesTests",
            dependencies: [
                "CashuServices",
                "CashuNostr",
                "CashuTestSupport",
                "CoreCashu",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "WebSocketKit", package: "websocket-kit"),
            ],
            swiftSettings: projectSettings
        ),
        .systemLibrary(
            name: "CLibSecret",
            pkgConfig: "libsecret-1",
            providers: [.apt(["libsecret-1-dev"])]
        ),
        .systemLibrary(
            name: "CQREncode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .systemLibrary(
            name: "CKeyutils",
            pkgConfig: "libkeyutils",
            providers: [.apt(["libkeyutils-dev"])]
        ),
        // rtnetlink macros as C functions for the reachability monitor.
        .target(name: "CNetlink"),
        .target(
            name: "LinuxCashu",
            dependencies: [
                "CoreCashu",
                "CashuPostgres",
                "CashuNostr",
                "CashuServices",
                "CLibSecret",
                "CKeyutils",
                "CNetlink",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: projectSettings
        ),
        .testTarget(
            name: "LinuxCashuTests",
            dependencies: [
                "LinuxCashu",
                "CashuServices",
                "CashuNostr",
                "CashuTestSupport",
                "CoreCashu",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "WebSocketKit", package: "websocket-kit"),
            ],
            swiftSettings: projectSettings
        ),
        // The service's local API (HTTP and JSON on a Unix socket and loopback TCP) and the web wallet it serves.
        .target(
            name: "CashuAPI",
            dependencies: [
                "CoreCashu",
                "LinuxCashu",
                "CQREncode",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [
                .embedInCode("Resources/web/index.html"),
                .embedInCode("Resources/web/app.js"),
                .embedInCode("Resources/web/app.css"),
                .embedInCode("Resources/openapi.yaml"),
            ],
            // A front end like the CLI: the library's public API only.
            packageAccess: false,
            swiftSettings: projectSettings
        ),
        .testTarget(
            name: "CashuAPITests",
            dependencies: [
                "CashuAPI",
                "CoreCashu",
                "LinuxCashu",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: projectSettings
        ),
        // The `cashu` command line (and `cashu refresh`, the systemd timer's job).
        .executableTarget(
            name: "CashuCLI",
            dependencies: [
                "CashuAPI",
                "CoreCashu",
                "CashuEngine",
                "LinuxCashu",
                "CashuPostgres",
                "CashuNostr",
                "CQREncode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The CLI is a front end: it sees the library's public API only, never its `package` declarations.
            packageAccess: false,
            swiftSettings: projectSettings
        ),
        // End-to-end tests: run the built `cashu` binary against a real mint.
        .testTarget(
            name: "CashuCLITests",
            dependencies: [
                "CashuCLI",
                "CoreCashu",
                "CashuTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: projectSettings
        ),
        // Example: the wallet engine's API end to end against a mint (scripts/demo runs the cashu binary instead).
        .executableTarget(
            name: "WalletDemo",
            dependencies: ["CoreCashu", .product(name: "AsyncHTTPClient", package: "async-http-client")],
            path: "Examples/WalletDemo",
            packageAccess: false,
            swiftSettings: projectSettings
        ),
        // Example: a small front end on LinuxCashu (events, prepare and confirm); the DocC article
        // "Building a front end" shows its code (scripts/check-doc-examples keeps the two the same).
        .executableTarget(
            name: "FrontEnd",
            dependencies: ["CoreCashu", "LinuxCashu"],
            path: "Examples/FrontEnd",
            packageAccess: false,
            swiftSettings: projectSettings
        ),
        // Test tool: one secure store operation in a child process (its own D-Bus session: none, no service, locked).
        .executableTarget(
            name: "SecureStoreProbe",
            dependencies: ["CoreCashu", "LinuxCashu", .product(name: "Logging", package: "swift-log")],
            path: "Tests/SecureStoreProbe",
            swiftSettings: projectSettings
        ),
        // Test tool: runs one wallet operation in a child process and SIGKILLs itself at a chosen step.
        .executableTarget(
            name: "WalletProbe",
            dependencies: [
                "CoreCashu", "CashuEngine", "CashuPostgres",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Tests/WalletProbe",
            swiftSettings: projectSettings
        ),
    ]
)
