// BIP-353: TXT lookups over the network — UDP to the resolver (TCP when the answer is truncated), with a deadline,
// off the cooperative thread pool. The resolver comes from CASHU_DNS_SERVER or /etc/resolv.conf.

import CashuEngine
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Asks a DNS resolver for TXT records.
package struct DNSTXTResolver: Sendable {
    /// A resolver: an IP address literal and a port.
    package struct Server: Sendable, Hashable, CustomStringConvertible {
        package var host: String
        package var port: UInt16

        package init(host: String, port: UInt16 = 53) {
            self.host = host
            self.port = port
        }

        /// `1.1.1.1`, `127.0.0.1:5353`, `[::1]:53`, `::1`.
        package init?(_ text: String) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") {
                host = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
                let rest = trimmed[trimmed.index(after: close)...]
                port = rest.hasPrefix(":") ? UInt16(rest.dropFirst()) ?? 0 : 53
            } else if trimmed.filter({ $0 == ":" }).count == 1, let colon = trimmed.firstIndex(of: ":") {
                host = String(trimmed[..<colon])
                port = UInt16(trimmed[trimmed.index(after: colon)...]) ?? 0
            } else {
                host = trimmed
                port = 53
            }
            guard port > 0, !host.isEmpty else { return nil }
        }

        package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    package let servers: [Server]
    package let timeout: Duration

    package init(servers: [Server], timeout: Duration = .seconds(3)) {
        self.servers = servers
        self.timeout = timeout
    }

    /// The resolvers of this machine: `CASHU_DNS_SERVER` (comma-separated) when set, else the `nameserver` lines of
    /// /etc/resolv.conf.
    package static func system(environment: [String: String] = ProcessInfo.processInfo.environment) -> DNSTXTResolver {
        if let configured = environment["CASHU_DNS_SERVER"], !configured.isEmpty {
            return DNSTXTResolver(servers: configured.split(separator: ",").compactMap { Server(String($0)) })
        }
        let text = (try? String(contentsOfFile: "/etc/resolv.conf", encoding: .utf8)) ?? ""
        let servers = text.split(separator: "\n").compactMap { line -> Server? in
            let words = line.split(whereSeparator: \.isWhitespace)
            guard words.count >= 2, words[0] == "nameserver" else { return nil }
            return Server(host: String(words[1]))
        }
        return DNSTXTResolver(servers: servers)
    }

    /// The BIP-353 payment instructions of `address`.
    /// - Parameters:
    ///   - address: the `user@domain` address.
    ///   - requireValidation: refuse answers not validated with DNSSEC by a resolver on this machine (an AD bit from
    ///     a resolver across the network proves nothing: anyone on the path can set it).
    /// - Throws: `PaymentInstructionError`.
    package func resolve(_ address: BIP353Address, requireValidation: Bool = true) async
        throws(PaymentInstructionError) -> BitcoinPaymentURI
    {
        if requireValidation && !servers.allSatisfy({ HostName.isLoopback($0.host) }) {
            throw PaymentInstructionError(
                .notValidated,
                "BIP-353 needs a DNSSEC-validating resolver on this machine (e.g. systemd-resolved or unbound on "
                    + "127.0.0.1, CASHU_DNS_SERVER); the configured one is across the network")
        }
        let answer = try await txt(address.recordName)
        if let question = answer.question, question != address.recordName {
            throw PaymentInstructionError(.invalidAnswer, "the DNS answer is for another name")
        }
        return try PaymentInstructions.read(answer, requireValidation: requireValidation)
    }

    /// The answer to a TXT query for `name`, from the first resolver that answers.
    /// - Throws: `PaymentInstructionError` `.unreachable` when none does, `.invalidAnswer`.
    package func txt(_ name: String) async throws(PaymentInstructionError) -> DNSMessage.Answer {
        guard !servers.isEmpty else {
            throw PaymentInstructionError(.unreachable, "no DNS resolver is configured (CASHU_DNS_SERVER)")
        }
        let id = UInt16.random(in: 0...UInt16.max)
        let query = try DNSMessage.query(name: name, id: id)
        let (servers, milliseconds) = (servers, Int32(timeout.components.seconds * 1000))
        let result: Result<DNSMessage.Answer, PaymentInstructionError> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Self.ask(servers, query: query, id: id, milliseconds: milliseconds))
            }
        }
        return try result.get()
    }

    private static func ask(_ servers: [Server], query: [UInt8], id: UInt16, milliseconds: Int32)
        -> Result<DNSMessage.Answer, PaymentInstructionError>
    {
        var last = PaymentInstructionError(.unreachable, "no DNS resolver answered")
        for server in servers {
            guard let udp = exchange(server, query, stream: false, milliseconds: milliseconds) else { continue }
            do {
                var answer = try DNSMessage.answer(udp, id: id)
                if answer.truncated {
                    guard let tcp = exchange(server, query, stream: true, milliseconds: milliseconds) else { continue }
                    answer = try DNSMessage.answer(tcp, id: id)
                }
                return .success(answer)
            } catch {
                last = error
            }
        }
        return .failure(last)
    }

    /// One query and its answer over UDP, or TCP with the 2-byte length prefix; `nil` when nothing came back in time.
    private static func exchange(_ server: Server, _ query: [UInt8], stream: Bool, milliseconds: Int32) -> [UInt8]? {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
        hints.ai_socktype = Int32(stream ? SOCK_STREAM.rawValue : SOCK_DGRAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(server.host, String(server.port), &hints, &list) == 0, let info = list else { return nil }
        defer { freeaddrinfo(list) }
        let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var interval = timeval(tv_sec: Int(milliseconds / 1000), tv_usec: Int(milliseconds % 1000) * 1000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        guard connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else { return nil }
        let message = stream ? [UInt8(query.count >> 8), UInt8(query.count & 0xFF)] + query : query
        guard message.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == message.count else {
            return nil
        }
        if !stream {
            var buffer = [UInt8](repeating: 0, count: 65_535)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            return count > 0 ? Array(buffer[0..<count]) : nil
        }
        guard let prefix = readExactly(descriptor, 2) else { return nil }
        return readExactly(descriptor, Int(prefix[0]) << 8 | Int(prefix[1]))
    }

    private static func readExactly(_ descriptor: Int32, _ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = buffer.withUnsafeMutableBytes { raw in
                recv(descriptor, raw.baseAddress?.advanced(by: filled), count - filled, 0)
            }
            guard read > 0 else { return nil }
            filled += read
        }
        return buffer
    }
}
