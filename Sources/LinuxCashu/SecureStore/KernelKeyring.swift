// SecureStore: the Linux kernel keyring (keyutils) — where `cashu unlock` keeps the encrypted file store's derived
// key for a while, in the user's session keyring, as ssh-agent keeps keys.

import CKeyutils
import CoreCashu
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `user` keys in the user-session keyring (`@us`): one per user, reached by every process of the user (shells, cron,
/// the service), whatever session keyring each has.
///
/// Not the calling process's own session keyring: a process that has none (a container, a service without PAM)
/// gets a new one per thread on first use, which dies with the process, so a key `cashu unlock` added would be gone
/// before the next command. Keys are readable only by processes of the user that reach them through the keyring
/// (its possessors), expire with their timeout, and are never written to disk by the kernel.
public enum KernelKeyring {
    /// Adds (or replaces) the key `description`, expiring after `timeout` (rounded up to whole seconds) when set.
    /// - Throws: ``SecureStoreError`` `.keyring` when the kernel refuses.
    public static func add(_ description: String, payload: SecureBytes, timeout: Duration?) throws(SecureStoreError) {
        let serial = payload.withUnsafeBytes { bytes in
            add_key("user", description, bytes.baseAddress, bytes.count, KEY_SPEC_USER_SESSION_KEYRING)
        }
        guard serial >= 0 else { throw failure("add_key") }
        guard let timeout else { return }
        let seconds = max(1, timeout.components.seconds + (timeout.components.attoseconds > 0 ? 1 : 0))
        guard keyctl_set_timeout(serial, UInt32(clamping: seconds)) == 0 else {
            let error = failure("keyctl_set_timeout")
            _ = keyctl_invalidate(serial)
            throw error
        }
    }

    /// The payload of the key `description`, or `nil` when there is none (never added, expired, revoked).
    /// - Throws: ``SecureStoreError`` `.keyring` when the kernel refuses otherwise.
    public static func read(_ description: String) throws(SecureStoreError) -> SecureBytes? {
        guard let serial = try find(description) else { return nil }
        var buffer: UnsafeMutableRawPointer?
        let length = keyctl_read_alloc(serial, &buffer)
        guard length >= 0, let buffer else {
            if isAbsent(errno) { return nil }
            throw failure("keyctl_read")
        }
        defer {
            explicit_bzero(buffer, Int(length))
            free(buffer)
        }
        return SecureBytes(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
    }

    /// Removes the key `description`.
    /// - Returns: whether there was one.
    /// - Throws: ``SecureStoreError`` `.keyring` when the kernel refuses.
    @discardableResult
    public static func remove(_ description: String) throws(SecureStoreError) -> Bool {
        guard let serial = try find(description) else { return false }
        guard keyctl_invalidate(serial) == 0 else {
            if isAbsent(errno) { return false }
            throw failure("keyctl_invalidate")
        }
        return true
    }

    private static func find(_ description: String) throws(SecureStoreError) -> key_serial_t? {
        let serial = keyctl_search(KEY_SPEC_USER_SESSION_KEYRING, "user", description, 0)
        guard serial >= 0 else {
            if isAbsent(errno) { return nil }
            throw failure("keyctl_search")
        }
        return key_serial_t(truncatingIfNeeded: serial)
    }

    /// No such key: never added, expired, revoked, or gone with its keyring.
    private static func isAbsent(_ code: Int32) -> Bool {
        code == ENOKEY || code == EKEYEXPIRED || code == EKEYREVOKED || code == ENOENT
    }

    private static func failure(_ call: String) -> SecureStoreError {
        SecureStoreError(.keyring, "the kernel keyring refused \(call): \(String(cString: strerror(errno)))")
    }
}
