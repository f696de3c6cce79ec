// Reachability: the rtnetlink socket (link and IPv4/IPv6 address groups), read on a thread of its own and delivered
// as an AsyncStream of events.

internal import CNetlink
import CoreCashu
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Owns a NETLINK_ROUTE socket subscribed to link and address changes and a reader thread.
///
/// The thread blocks in `poll` on the socket and an eventfd; ``shutdown()`` signals the eventfd, and the thread then
/// closes both descriptors itself and finishes ``events``, so no descriptor is closed while it is being read.
final class NetlinkEventSource: Sendable {
    /// Every event, in the order the kernel sent them; finished at shutdown (or when the socket fails).
    let events: AsyncStream<NetlinkEvent>

    private struct State {
        var socket: Int32
        var wakeup: Int32
        var stopping = false
        var exited = false
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Locked<State>
    private let continuation: AsyncStream<NetlinkEvent>.Continuation
    private let parser: NetlinkMessageParser

    /// Opens the socket and starts the reader thread.
    /// - Parameter groups: the multicast groups; the default is link, IPv4 address and IPv6 address changes.
    /// - Throws: ``ReachabilityError`` `netlinkUnavailable` when the socket cannot be opened or bound.
    init(groups: UInt32 = NetlinkConstants.system.reachabilityGroups) throws(ReachabilityError) {
        let socket = cnl_open_route_socket(groups)
        guard socket >= 0 else {
            throw ReachabilityError(.netlinkUnavailable, "cannot open an rtnetlink socket", errno: -socket)
        }
        let wakeup = cnl_open_wakeup()
        guard wakeup >= 0 else {
            close(socket)
            throw ReachabilityError(.netlinkUnavailable, "cannot open an eventfd", errno: -wakeup)
        }
        (events, continuation) = AsyncStream.makeStream(of: NetlinkEvent.self, bufferingPolicy: .bufferingNewest(1024))
        state = Locked(State(socket: socket, wakeup: wakeup))
        parser = NetlinkMessageParser()
        let thread = Thread { [self] in self.run(socket: socket, wakeup: wakeup) }
        thread.name = "cashu-netlink"
        thread.start()
    }

    /// Asks the reader thread to stop without waiting for it (for a deinit). Idempotent.
    func requestStop() {
        state.withLock { state in
            guard !state.stopping, !state.exited else { return }
            state.stopping = true
            _ = cnl_signal_wakeup(state.wakeup)
        }
    }

    /// Stops the reader thread and waits until it has closed the socket. Idempotent.
    func shutdown() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.exited { return true }
                state.exitWaiters.append(waiter)
                if !state.stopping {
                    state.stopping = true
                    _ = cnl_signal_wakeup(state.wakeup)
                }
                return false
            }
            if resumeNow { waiter.resume() }
        }
    }

    private func run(socket: Int32, wakeup: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        reading: while true {
            let ready = cnl_wait(socket, wakeup)
            if ready == 2 { break }
            if ready == 0 { continue }
            guard ready == 1 else { break }
            let count = buffer.withUnsafeMutableBufferPointer { cnl_receive(socket, $0.baseAddress, $0.count) }
            switch count {
            case Int(-ENOBUFS):
                continuation.yield(.overrun)
            case Int(-EAGAIN), Int(-EINTR):
                continue reading
            case ..<0:
                break reading
            case buffer.count...:
                // MSG_TRUNC: the datagram was larger than the buffer and its tail is lost.
                continuation.yield(.overrun)
            default:
                for event in parser.parse(Array(buffer[0..<count])).events { continuation.yield(event) }
            }
        }
        continuation.finish()
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            close(state.socket)
            close(state.wakeup)
            state.socket = -1
            state.wakeup = -1
            state.stopping = true
            state.exited = true
            defer { state.exitWaiters = [] }
            return state.exitWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
