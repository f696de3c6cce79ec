// Tests of Wallet/WalletDirectory+XDG.swift: the default wallet directory follows the XDG Base Directory spec.

import CoreCashu
import Testing

@testable import LinuxCashu

@Suite("Wallet directory: XDG default")
struct WalletDirectoryXDGTests {
    @Test func standardDirectoryFollowsXDG() throws {
        #expect(
            try WalletDirectory.standard(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).url.path
                == "/data/cashu")
        for xdg in [nil, "", "relative/path"] {
            var environment = ["HOME": "/home/u"]
            environment["XDG_DATA_HOME"] = xdg
            #expect(try WalletDirectory.standard(environment: environment).url.path == "/home/u/.local/share/cashu")
        }
        let standard = try WalletDirectory.standard(environment: ["HOME": "/home/u"])
        #expect(standard.databaseURL.path == "/home/u/.local/share/cashu/wallet.sqlite")
        #expect(throws: WalletError.self) { try WalletDirectory.standard(environment: [:]) }
        #expect(throws: WalletError.self) { try WalletDirectory.standard(environment: ["HOME": "home"]) }
    }
}
