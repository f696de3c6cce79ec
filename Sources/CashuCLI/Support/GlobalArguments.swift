// CLI: global options may come before the subcommand (`cashu --json balance`); they are moved behind it, where the
// subcommand's option group parses them.

/// Reorders command-line arguments so that global options given before the subcommand reach it.
enum GlobalArguments {
    /// Global options that take a value.
    static let valued: Set<String> = ["--dir", "--wallet", "--mint", "--unit"]
    /// Global flags.
    static let flags: Set<String> = ["--json", "--verbose"]

    /// The arguments with leading global options moved after the subcommand's own (before a `--` terminator).
    static func normalize(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if flags.contains(argument) || (valued.contains(name) && argument.contains("=")) {
                leading.append(argument)
                index += 1
            } else if valued.contains(argument), index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        var rest = Array(arguments[index...])
        let end = rest.firstIndex(of: "--") ?? rest.count
        rest.insert(contentsOf: leading, at: end)
        return rest
    }
}
