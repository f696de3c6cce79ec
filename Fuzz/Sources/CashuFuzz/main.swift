// The fuzzing binary: one process runs one target, named by CASHU_FUZZ_TARGET, under libFuzzer's driver.

import CLibFuzzer
import Foundation

let name = ProcessInfo.processInfo.environment["CASHU_FUZZ_TARGET"] ?? ""
guard let target = FuzzTarget.named(name) else {
    report("set CASHU_FUZZ_TARGET to one of:\n" + FuzzTarget.all.map(\.name).joined(separator: "\n"))
    exit(2)
}
FuzzTarget.selected = target
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))
