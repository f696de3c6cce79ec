// Test tool: runs one secure store operation in a process of its own, so a test can give it another D-Bus session
// (none, one without a Secret Service, one with a locked keyring): libsecret keeps its connection per process.
//
// Usage:
//   SecureStoreProbe probe [TIMEOUT-SECONDS]
//   SecureStoreProbe save WALLET KEY HEX | load WALLET KEY | delete WALLET KEY
//   SecureStoreProbe choose DIRECTORY [--allow-plaintext]   (passphrase from CASHU_PASSPHRASE; a fast test KDF)
// Prints one line: `ok`, `value HEX`, `missing`, `usable`, `kind KIND[ warning]`, or `error CODE`.

import CoreCashu
import Foundation
import LinuxCashu
import Logging

func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

func bytes(_ hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
        result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
        index = next
    }
    return result
}

func report(_ error: any Error) -> String {
    guard let error = error as? SecureStoreError else { return "error other \(error)" }
    return "error \(error.code)"
}

func run(_ arguments: [String]) async -> String {
    guard let command = arguments.first else { return "usage" }
    let rest = Array(arguments.dropFirst())
    do {
        switch command {
        case "probe":
            let seconds = rest.first.flatMap { Int($0) } ?? 20
            guard let problem = await LibSecretStore.probe(timeout: .seconds(seconds)) else { return "usable" }
            return report(problem) + (problem.reason.contains("did not answer") ? " (no answer)" : "")
        case "save" where rest.count == 3:
            let store = LibSecretStore(walletID: WalletID(rawValue: rest[0]) ?? .random())
            try await store.save(SecureBytes(bytes(rest[2])), key: rest[1])
            return "ok"
        case "load" where rest.count == 2:
            let store = LibSecretStore(walletID: WalletID(rawValue: rest[0]) ?? .random())
            return try await store.load(key: rest[1]).map { "value " + hex($0.exposedSecretBytes) } ?? "missing"
        case "delete" where rest.count == 2:
            let store = LibSecretStore(walletID: WalletID(rawValue: rest[0]) ?? .random())
            try await store.delete(key: rest[1])
            return "ok"
        case "choose" where !rest.isEmpty:
            let selection = try await SecureStoreFactory.make(
                directory: URL(fileURLWithPath: rest[0]),
                passphrase: EncryptedFileStore.passphrase(from: ProcessInfo.processInfo.environment),
                allowPlaintext: rest.contains("--allow-plaintext"),
                kdfParameters: .scrypt(n: 1 << 10, r: 8, p: 1),
                probeTimeout: .seconds(20),
                logger: Logger(label: "probe") { _ in SwiftLogNoOpLogHandler() }
            )
            return "kind \(selection.kind)" + (selection.warning == nil ? "" : " warning")
        default:
            return "usage"
        }
    } catch {
        return report(error)
    }
}

let line = await run(Array(CommandLine.arguments.dropFirst()))
print(line)
exit(line == "usage" ? 2 : 0)
