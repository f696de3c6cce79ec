// CLI: a failure as the user sees it — one line, a class (its exit code) and a stable code for JSON.

import ArgumentParser
import CoreCashu
import LinuxCashu

/// A failure of a `cashu` command: what to print and how to exit.
struct CLIError: Error, Sendable, CustomStringConvertible {
    /// The class, which fixes the exit status.
    var exitClass: ExitClass
    /// A stable machine-readable code: the engine's ``WalletError/Code`` or the CLI's own (`noWallet`, ...).
    var code: String
    /// One line for the user, free of secrets.
    var message: String
    /// The operation left pending or concerned, if any.
    var operationID: OperationID?
    /// More fields for the JSON error object (e.g. the token of a payment that could not be delivered).
    var extra: [(String, JSONOutput)] = []

    init(
        _ exitClass: ExitClass,
        _ message: String,
        code: String? = nil,
        operationID: OperationID? = nil,
        extra: [(String, JSONOutput)] = []
    ) {
        self.exitClass = exitClass
        self.code = code ?? exitClass.name
        self.message = message
        self.operationID = operationID
        self.extra = extra
    }

    var description: String { message }

    /// The user-facing form of any error a command throws.
    static func from(_ error: any Error) -> CLIError {
        switch error {
        case let error as CLIError:
            return error
        case let error as WalletError:
            return CLIError(wallet: error)
        case let error as any CashuError where Self.addressServiceCodes.contains(error.codeName):
            // An address service's failure (npub.cash): out of reach, a refusal in its own words, a bad answer.
            let exit: ExitClass =
                switch error.codeName {
                case "serviceUnreachable": .mintUnreachable
                case "serviceRefused": .mintRefused
                case "serviceNotConfigured": .input
                default: .protocol
                }
            return CLIError(exit, oneLine(error.reason), code: error.codeName)
        case let error as any CashuError:
            // Another library error (the library maps store failures to WalletError `storage`).
            return CLIError(.internal, oneLine(error.reason), code: error.codeName)
        case let error as ValidationError:
            return CLIError(.usage, oneLine(error.message), code: "usage")
        case is CancellationError:
            return CLIError(.interrupted, "interrupted", code: "cancelled")
        default:
            return CLIError(.internal, "unexpected failure: \(String(describing: type(of: error)))", code: "internal")
        }
    }

    /// The codes of an npub.cash-style address service's errors (LinuxWallet's `npubCashAddress`, `claimNpubCash`).
    static let addressServiceCodes: Set<String> = [
        "serviceUnreachable", "serviceRefused", "serviceInvalidResponse", "serviceNotConfigured",
    ]

    /// An engine error, with the mint's own words when it refused and a hint for what to do next.
    init(wallet error: WalletError) {
        var message = error.reason
        if let refused = error.mintError {
            let detail = refused.detail.trimmingCharacters(in: .whitespacesAndNewlines)
            let code = refused.code.map { " (code \($0))" } ?? ""
            if !detail.isEmpty || !code.isEmpty { message += ": \(detail)\(code)" }
        }
        if error.code == .pending {
            message += "; run `cashu recover` later to settle it"
        }
        if error.code == .authenticationRequired && !message.contains("cashu auth login") {
            message += "; run `cashu auth login`"
        }
        if error.code == .mintUnreachable, let proxy = ProxyChoice.active.withLock({ $0 }) {
            // Nothing went out directly: the proxy may be what is down.
            message += " (through the proxy \(proxy); is it running?)"
        }
        self.init(
            ExitClass(error.code),
            Self.oneLine(message),
            code: error.code.description,
            operationID: error.operationID
        )
    }

    /// A failure to open the wallet on this machine: its directory (an unsafe one is a configuration problem, 78),
    /// its store or its secrets (74).
    init(linuxWallet error: any Error) {
        guard let error = Self.areaError(error) else {
            self = Self.from(error)
            return
        }
        switch error.codeName {
        case "configuration": self.init(.config, Self.oneLine(error.reason), code: "config")
        case "unsafeDirectory": self.init(.config, Self.oneLine(error.reason), code: "unsafeDirectory")
        case "secureStore": self.init(.storage, Self.oneLine("secrets: \(error.reason)"), code: "secureStore")
        default: self.init(.storage, Self.oneLine(error.reason), code: "storage")
        }
    }

    /// A secure store's refusal (`cashu unlock`, `lock`): a wrong passphrase or nothing to unlock is the input's
    /// fault (65), the keyring's or the file's the machine's (74).
    init(secureStore error: any Error) {
        guard let error = Self.areaError(error) else {
            self = Self.from(error)
            return
        }
        let exit: ExitClass =
            switch error.codeName {
            case "wrongPassphrase", "invalidInput", "passphraseRequired": .input
            default: .storage
            }
        self.init(exit, Self.oneLine(error.reason), code: error.codeName)
    }

    /// A library error of one area (wallet opening, the secure stores, Nostr), read by its code name; `nil` for a
    /// `WalletError` (whose codes `from(_:)` maps: some share a name with an area's, `storage`, `secureStore`) and for
    /// anything that is not a library error.
    static func areaError(_ error: any Error) -> (any CashuError)? {
        error is WalletError ? nil : error as? any CashuError
    }

    /// The library's sentence for what went wrong (every library error is a `CashuError`), else the error's text.
    static func reason(_ error: any Error) -> String {
        (error as? any CashuError)?.reason ?? "\(error)"
    }

    /// Newlines and runs of spaces folded, so an error is always one line.
    /// Messages carry the mint's own words: control characters (escape sequences) are shown as spaces.
    static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        return Untrusted.display(line, limit: 600)
    }
}
