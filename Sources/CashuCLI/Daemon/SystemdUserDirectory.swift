// CLI daemon: where systemd looks for a user's own units.

import Foundation

/// `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`.
enum SystemdUserDirectory {
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/systemd/user"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.config/systemd/user"
    }
}
