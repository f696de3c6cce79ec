// LinuxWallet: a crash-injection hook for the end-to-end tests — CASHU_TEST_KILL_AT=STEP[:KIND] makes the process
// SIGKILL itself when an operation reaches that step (as a power cut would), so the tests can prove that the next
// start (`cashu recover`) resumes it. Installed by `LinuxWallet.open` after its recovery, in debug builds only (the
// tests run those); a release build ignores the variable.

@_spi(Testing) import CashuEngine
import CoreCashu
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Installs the kill hook when the test variable is set; does nothing otherwise.
enum TestKillHook {
    static let variable = "CASHU_TEST_KILL_AT"

    static func install(on wallet: Wallet, environment: [String: String] = ProcessInfo.processInfo.environment) async {
        #if DEBUG
        guard let value = environment[variable], !value.isEmpty else { return }
        let parts = value.split(separator: ":").map(String.init)
        guard let step = WalletStep(rawValue: parts[0]) else { return }
        let kind = parts.count > 1 ? OperationKind(rawValue: parts[1]) : nil
        await wallet.setStepHook { reached, reachedKind in
            if reached == step && (kind == nil || kind == reachedKind) { kill(getpid(), SIGKILL) }
        }
        #endif
    }
}
