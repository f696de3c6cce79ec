// CLI: `--service URL`, the npub.cash-style service of every `cashu npc` command (remembered once given).

import ArgumentParser

struct NpcServiceOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("The service's URL, e.g. https://npubx.cash (remembered).", valueName: "url"))
    var service: String?
}
