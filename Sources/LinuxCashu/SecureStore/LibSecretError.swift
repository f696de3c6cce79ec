// SecureStore: a libsecret/GIO/D-Bus GError as a SecureStoreError (no bus, no service, locked, other).

internal import CLibSecret

/// Maps the GErrors libsecret reports onto ``SecureStoreError`` codes.
enum LibSecretError {
    /// The error for `error` (which this frees), met while doing `operation`.
    static func from(_ error: UnsafeMutablePointer<GError>, operation: String) -> SecureStoreError {
        defer { g_error_free(error) }
        let domain = error.pointee.domain
        let code = error.pointee.code
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        return classify(domain: domain, code: code, message: message, operation: operation)
    }

    static func classify(domain: GQuark, code: gint, message: String, operation: String) -> SecureStoreError {
        let detail = "cannot \(operation): \(message)"
        if domain == g_io_error_quark() {
            if code == gint(G_IO_ERROR_CANCELLED.rawValue) {
                return SecureStoreError(.serviceFailure, "cannot \(operation): cancelled or timed out")
            }
            // Errors of the bus connection itself: "Cannot autolaunch D-Bus without X11 $DISPLAY", "Could not
            // connect: No such file or directory".
            return SecureStoreError(.serviceUnavailable, "no D-Bus session bus: " + detail)
        }
        if domain == g_dbus_error_quark() {
            switch code {
            case gint(G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue), gint(G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue),
                gint(G_DBUS_ERROR_NO_SERVER.rawValue), gint(G_DBUS_ERROR_DISCONNECTED.rawValue),
                gint(G_DBUS_ERROR_SPAWN_EXEC_FAILED.rawValue)...gint(G_DBUS_ERROR_SPAWN_NO_MEMORY.rawValue):
                return SecureStoreError(.serviceUnavailable, "no Secret Service on the session bus: " + detail)
            case gint(G_DBUS_ERROR_UNKNOWN_METHOD.rawValue), gint(G_DBUS_ERROR_UNKNOWN_OBJECT.rawValue):
                // gnome-keyring without a login keyring: "Object does not exist at path …/collection/login".
                return SecureStoreError(.noDefaultCollection, "the Secret Service has no usable collection: " + detail)
            default:
                return SecureStoreError(.serviceFailure, detail)
            }
        }
        if domain == secret_error_get_quark() {
            switch code {
            case gint(SECRET_ERROR_IS_LOCKED.rawValue):
                return SecureStoreError(.locked, detail + "; unlock the keyring")
            case gint(SECRET_ERROR_NO_SUCH_OBJECT.rawValue):
                return SecureStoreError(.noDefaultCollection, detail)
            default:
                return SecureStoreError(.serviceFailure, detail)
            }
        }
        return SecureStoreError(.serviceFailure, detail)
    }
}
