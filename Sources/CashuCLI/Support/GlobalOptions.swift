// CLI: the options every command takes (one @OptionGroup): wallet directory, mint, unit, JSON output, verbosity.

import ArgumentParser
import CoreCashu
import Foundation

/// `--dir`, `--wallet`, `--mint`, `--unit`, `--json`, `--verbose`, `--proxy`, `--database`, `--tor`, shared by every
/// command.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The wallet directory (env CASHU_DIR; default $XDG_DATA_HOME/cashu).",
            valueName: "path"
        )
    )
    var dir: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Which of your wallets (env CASHU_WALLET; default: default): each other one lives in --dir's "
                + "wallets/NAME, with its own secrets (and on PostgreSQL its own schema, SCHEMA_NAME).",
            valueName: "name"
        )
    )
    var wallet: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The mint to use (env CASHU_MINT_URL; default: the wallet's default mint).",
            valueName: "url"
        )
    )
    var mint: String?

    @Option(name: .long, help: ArgumentHelp("The currency unit.", valueName: "unit"))
    var unit: String = "sat"

    @Flag(name: .long, help: "Print one JSON object on stdout (errors too).")
    var json = false

    @Flag(name: .long, help: "Log what the wallet does on stderr (never secrets).")
    var verbose = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Send every connection through this proxy (env CASHU_PROXY): socks5h://host:port, socks5://, http://.",
            valueName: "url"
        )
    )
    var proxy: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep the wallet in this PostgreSQL database instead of --dir's SQLite file (env CASHU_DATABASE_URL): "
                + "postgres://user@host/db?schema=NAME&sslmode=verify-full; the password from PGPASSWORD or ~/.pgpass "
                + "is better than in the URL.",
            valueName: "url"
        )
    )
    var database: String?

    @Flag(name: .long, help: "Go through the local Tor daemon (socks5h://127.0.0.1:9050); needed for .onion mints.")
    var tor = false

    /// The directory of the wallet the command is for: the named wallet's (``walletName(environment:)``) inside the
    /// base directory.
    func walletDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> WalletDirectory
    {
        let base = try baseDirectory(environment: environment)
        do { return try base.wallet(named: walletName(environment: environment)) } catch {
            throw CLIError(.usage, "--wallet: \(CLIError.reason(error))", code: "usage")
        }
    }

    /// The directory of the default wallet, which holds the others: `--dir`, else `CASHU_DIR`, else
    /// `$XDG_DATA_HOME/cashu`.
    func baseDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> WalletDirectory {
        if let dir, !dir.isEmpty { return WalletDirectory(url: Self.absolute(dir)) }
        if let env = environment["CASHU_DIR"], !env.isEmpty { return WalletDirectory(url: Self.absolute(env)) }
        do { return try WalletDirectory.standard(environment: environment) } catch {
            throw CLIError(.config, "no wallet directory: set --dir, CASHU_DIR, XDG_DATA_HOME or HOME")
        }
    }

    /// The wallet's name: `--wallet`, else `CASHU_WALLET`, else `default`.
    func walletName(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let wallet, !wallet.isEmpty { return wallet }
        if let env = environment["CASHU_WALLET"], !env.isEmpty { return env }
        return Self.defaultWalletName
    }

    /// The name of the wallet kept in the base directory itself.
    static let defaultWalletName = "default"

    /// The mint asked for explicitly: `--mint`, else `CASHU_MINT_URL`; `nil` when neither is set.
    func explicitMint(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> MintURL? {
        let text =
            mint.flatMap { $0.isEmpty ? nil : $0 } ?? environment["CASHU_MINT_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let text else { return nil }
        return try Self.mintURL(text)
    }

    /// The unit as the engine names it.
    var currencyUnit: CurrencyUnit { CurrencyUnit(rawValue: unit.lowercased()) }

    func validate() throws {
        if tor && proxy != nil { throw ValidationError("--tor and --proxy name two proxies; give one") }
        guard !unit.isEmpty, unit.count <= 16, unit.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw ValidationError("--unit must be a short unit name such as sat, msat, usd")
        }
    }

    /// Parses a mint URL given by the user.
    static func mintURL(_ text: String) throws -> MintURL {
        do { return try MintURL(text.trimmingCharacters(in: .whitespacesAndNewlines)) } catch {
            throw CLIError(.input, "not a valid mint URL: \(text)")
        }
    }

    private static func absolute(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
    }
}
