// SecureStore: the Linux kernel keyring (keyutils) — where `cashu unlock` keeps the encrypted file store's derived
// key for a while, in the user keyring, as ssh-agent keeps keys.

import CKeyutils
import CoreCashu
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `user` keys in the user keyring (`@u`): one per user (per user namespace), reached by every process of the user —
/// shells, cron, commands started from a PAM login session, which links `@u` into its session keyring.
///
/// Not the calling process's own session keyring: a process that has none (a container, a service without PAM) gets
/// a new one per thread on first use, which dies with the process. Not the user-session keyring `@us` either: a
/// process whose session keyring does not link it does not possess keys there, and cannot read, time out or remove
/// them. A key is made in the process keyring, given its timeout and its permissions (its possessors may view, read,
/// find and time it out; nobody else may do anything), and only then linked into `@u`: a crash in between never
/// leaves a key without a timeout. The kernel never writes keys to disk.
package enum KernelKeyring {
    /// What a possessor may do with a key: view, read, find, and set its timeout.
    static let permissions = key_perm_t(KEY_POS_VIEW | KEY_POS_READ | KEY_POS_SEARCH | KEY_POS_SETATTR)

    /// Adds (or replaces) the key `description`, expiring after `timeout` (whole seconds, at least 1) when set.
    /// - Throws: ``SecureStoreError`` `.keyring` when the kernel refuses; nothing is left behind then.
    package static func add(_ description: String, payload: SecureBytes, timeout: Duration?) throws(SecureStoreError) {
        let serial = payload.withUnsafeBytes { bytes in
            add_key("user", description, bytes.baseAddress, bytes.count, KEY_SPEC_PROCESS_KEYRING)
        }
        guard serial >= 0 else { throw failure("add_key") }
        // Gone from the process keyring whatever happens next (linked into @u, or not at all).
        defer { _ = keyctl_unlink(serial, KEY_SPEC_PROCESS_KEYRING) }
        if let timeout {
            let parts = timeout.components
            let seconds = max(1, parts.seconds + (parts.attoseconds > 0 ? 1 : 0))
            guard keyctl_set_timeout(serial, UInt32(clamping: seconds)) == 0 else {
                throw failure("keyctl_set_timeout")
            }
        }
        guard keyctl_link(serial, KEY_SPEC_USER_KEYRING) == 0 else { throw failure("keyctl_link") }
        guard keyctl_setperm(serial, permissions) == 0 else {
            let error = failure("keyctl_setperm")
            _ = keyctl_unlink(serial, KEY_SPEC_USER_KEYRING)
            throw error
        }
    }

    /// The payload of the key `description`, or `nil` when there is none (never added, expired, revoked).
    /// - Throws: ``SecureStoreError`` `.keyring` when the kernel refuses otherwise.
    package static func read(_ description: String) throws(SecureStoreError) -> SecureBytes? {
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
    package static func remove(_ description: String) throws(SecureStoreError) -> Bool {
        guard let serial = try find(description) else { return false }
        if keyctl_invalidate(serial) == 0 { return true }
        if isAbsent(errno) { return false }
        // Unlinking needs no permission on the key itself, only on the keyring.
        guard keyctl_unlink(serial, KEY_SPEC_USER_KEYRING) == 0 else { throw failure("keyctl_unlink") }
        return true
    }

    private static func find(_ description: String) throws(SecureStoreError) -> key_serial_t? {
        let serial = keyctl_search(KEY_SPEC_USER_KEYRING, "user", description, 0)
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
