// CLI daemon: the options the daemon commands read (until they share the global option group).

import ArgumentParser
import CoreCashu
import Foundation

struct DaemonOptions: ParsableArguments {
    @Option(help: "The wallet directory (env CASHU_DIR; default $XDG_DATA_HOME/cashu).")
    var dir: String?

    @Flag(help: "Print one JSON object on stdout.")
    var json = false

    var walletDirectory: String {
        get throws {
            if let dir { return URL(fileURLWithPath: dir).standardizedFileURL.path }
            if let env = ProcessInfo.processInfo.environment["CASHU_DIR"], !env.isEmpty {
                return URL(fileURLWithPath: env).standardizedFileURL.path
            }
            return try WalletDirectory.standard().url.path
        }
    }
}
