// Local API: the servers — one on a Unix socket (always), one on loopback TCP (when asked) — as services.

import CoreCashu
import Foundation
import Hummingbird
import LinuxCashu
import Logging
import ServiceLifecycle

/// The local API of `cashu daemon run --api`: built over the open wallet, run as services of the daemon's group.
public struct APIServer: Sendable {
    /// Where it listens.
    public struct Configuration: Sendable {
        /// The Unix socket's path (its directory is made 0700, the socket 0600).
        public var socketPath: String
        /// A loopback TCP address (`127.0.0.1:PORT`), or `nil`.
        public var listen: String?
        /// The token every request carries (or a session it opened).
        public var token: String

        public init(socketPath: String, listen: String?, token: String) {
            self.socketPath = socketPath
            self.listen = listen
            self.token = token
        }
    }

    let routes: APIRoutes
    let configuration: Configuration
    let tcp: APIListenAddress?
    let logger: Logger

    /// Checks the configuration.
    /// - Throws: `APIServerError` for a TCP address other than loopback.
    public init(wallet: LinuxWallet, configuration: Configuration, logger: Logger) throws {
        if let listen = configuration.listen {
            guard let address = APIListenAddress(listen) else {
                throw APIServerError(
                    "--api-listen takes 127.0.0.1:PORT, [::1]:PORT or localhost:PORT: the API spends money, so it "
                        + "is never served to other machines")
            }
            tcp = address
        } else {
            tcp = nil
        }
        routes = APIRoutes(
            linux: wallet, prepared: PreparedRegistry(), sessions: APISessions(),
            webURL: tcp.map { "http://\($0)" }, cookieName: "cashu_session_\(tcp?.port ?? 0)")
        self.configuration = configuration
        self.logger = logger
    }

    /// The servers, to run in the daemon's service group.
    /// - Throws: `APIServerError` when the socket's directory cannot be made private.
    public func services() throws -> [any Service] {
        try Self.prepareSocket(at: configuration.socketPath)
        let socketPath = configuration.socketPath
        var services: [any Service] = [
            Application(
                router: routes.router(
                    access: APIAccess(hosts: nil, origins: tcp?.origins ?? [], token: configuration.token)),
                configuration: ApplicationConfiguration(address: .unixDomainSocket(path: socketPath)),
                onServerRunning: { _ in _ = chmod(socketPath, 0o600) },
                logger: logger)
        ]
        if let tcp {
            services.append(
                Application(
                    router: routes.router(
                        access: APIAccess(hosts: tcp.hostHeaders, origins: tcp.origins, token: configuration.token)),
                    configuration: ApplicationConfiguration(address: .hostname(tcp.host, port: tcp.port)),
                    logger: logger))
        }
        return services
    }

    /// Makes the socket's directory (0700, ours) and removes a socket a stopped service left.
    static func prepareSocket(at path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw APIServerError("cannot make \(directory) for the API socket (errno \(errno))")
        }
        var info = stat()
        guard lstat(directory, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 == 0,
            (info.st_mode & S_IFMT) == S_IFDIR
        else {
            throw APIServerError("\(directory) must be a directory of yours that nobody else can open (chmod 700)")
        }
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFSOCK else {
                throw APIServerError("\(path) exists and is not a socket: remove it")
            }
            // A socket someone still answers on is another service's (of this wallet, or one of the same name
            // elsewhere): never taken over. One nobody answers on was left by a service that stopped.
            guard !answers(path) else {
                throw APIServerError("another service already serves its API on \(path)")
            }
            unlink(path)
        }
    }

    /// Whether `address` is a loopback address `--api-listen` takes (`127.0.0.1:PORT`, `[::1]:PORT`, `localhost:PORT`).
    public static func isLoopbackAddress(_ address: String) -> Bool {
        APIListenAddress(address) != nil
    }

    /// Whether a process accepts connections on the Unix socket at `path`.
    static func answers(_ path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) == 0 }
        }
    }

    /// The socket's usual path: `$XDG_RUNTIME_DIR/cashu/api.sock` (a named wallet's: `api-NAME.sock`).
    public static func defaultSocketPath(environment: [String: String], wallet: String = "default") -> String? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return "\(runtime)/cashu/" + (wallet == "default" ? "api.sock" : "api-\(wallet).sock")
    }
}
