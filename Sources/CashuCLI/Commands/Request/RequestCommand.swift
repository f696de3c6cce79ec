// CLI: `cashu request` — NUT-18/26 payment requests: create one (the default), or pay one.

import ArgumentParser

struct RequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Create a payment request (creqA/creqb), or pay one.",
        subcommands: [RequestCreateCommand.self, RequestPayCommand.self, RequestWaitCommand.self],
        defaultSubcommand: RequestCreateCommand.self
    )
}
