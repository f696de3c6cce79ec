// CLI: the version `cashu --version` and `cashu info` report.

/// The command line's version.
enum CLIVersion {
    static let current = "0.1.0"
}
