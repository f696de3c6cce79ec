// Service: desktop notifications through the freedesktop notification service (org.freedesktop.Notifications) on
// the session bus, with GIO's GDBus; nothing at all where there is no session bus or no such service.

internal import CLibSecret
import Foundation

/// Shows short notifications on the user's desktop.
///
/// Texts never carry a secret (no token, no quote id): an amount, a unit and a mint's host at most.
public final class DesktopNotifier: Sendable {
    /// The application name shown with each notification.
    package let applicationName: String
    /// Whether D-Bus may start a notification service that is not running: only with a display to draw on (a
    /// headless session's installed notifier would fail to start, again, at every event).
    let mayStartService: Bool
    /// Notifications are shown one at a time, off the caller's thread.
    private let queue = DispatchQueue(label: "cashu.desktop-notifications")

    /// A notifier when the session has a bus (`DBUS_SESSION_BUS_ADDRESS`); `nil` otherwise.
    public init?(
        applicationName: String = "cashu", environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        guard !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty else { return nil }
        self.applicationName = applicationName
        mayStartService = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// Shows a notification (blocking for at most `timeout` milliseconds: call it off the cooperative threads, or
    /// through ``post(summary:body:)``).
    /// - Returns: whether the notification service took it.
    @discardableResult
    package func show(summary: String, body: String, timeout: Int32 = 3000) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        guard let hintsType = g_variant_type_new("{sv}") else { return false }
        defer { g_variant_type_free(hintsType) }
        // Notify(app_name s, replaces_id u, app_icon s, summary s, body s, actions as, hints a{sv}, timeout i).
        var children: [OpaquePointer?] = [
            g_variant_new_string(applicationName), g_variant_new_uint32(0), g_variant_new_string(""),
            g_variant_new_string(summary), g_variant_new_string(body), g_variant_new_strv(nil, 0),
            g_variant_new_array(hintsType, nil, 0), g_variant_new_int32(-1),
        ]
        let parameters = children.withUnsafeMutableBufferPointer {
            g_variant_new_tuple($0.baseAddress, gsize($0.count))
        }
        let reply = g_dbus_connection_call_sync(
            bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
            "Notify", parameters, nil, mayStartService ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START,
            timeout, nil, &error)
        if let error { g_error_free(error) }
        guard let reply else { return false }
        g_variant_unref(reply)
        return true
    }

    /// Shows a notification from the notifier's own queue, so an async caller never blocks on the bus.
    public func post(summary: String, body: String) {
        queue.async { [self] in self.show(summary: summary, body: body) }
    }
}
