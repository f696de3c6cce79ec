// SecureStore: the blocking libsecret calls behind LibSecretStore (the only file besides LibSecretError+GError that
// touches the C API).

internal import CLibSecret
import CoreCashu

/// Synchronous Secret Service operations on one wallet's items (schema `org.cashu.Wallet`: `wallet`, `key`).
///
/// Every call blocks on D-Bus: run them off the cooperative pool. Values cross into C through `secret_value_new`
/// (libsecret's non-pageable memory, wiped when the value is released) and come back out the same way.
final class LibSecretClient: @unchecked Sendable {
    // @unchecked: `schema` is immutable after init, and libsecret's sync calls are safe from any thread.

    /// The schema name items are stored under.
    static let schemaName = "org.cashu.Wallet"

    private let schema: UnsafeMutablePointer<SecretSchema>
    private let collection: String?

    /// A client for items in the collection with the alias `collection` (`nil`: the default collection).
    init(collection: String?) {
        let names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nil)
        // Value NULL is SECRET_SCHEMA_ATTRIBUTE_STRING (0).
        g_hash_table_insert(names, g_strdup("wallet"), nil)
        g_hash_table_insert(names, g_strdup("key"), nil)
        schema = secret_schema_newv(Self.schemaName, SECRET_SCHEMA_NONE, names)
        g_hash_table_unref(names)
        self.collection = collection
    }

    deinit {
        secret_schema_unref(schema)
    }

    // MARK: - Operations

    /// Stores `value` for `key` of `wallet`, replacing an existing item.
    func store(_ value: SecureBytes, wallet: String, key: String, cancellable: GLibCancellable) throws(SecureStoreError)
    {
        let service = try connect(cancellable)
        defer { g_object_unref(service) }
        let attributes = Self.attributes(wallet: wallet, key: key)
        defer { g_hash_table_unref(attributes) }
        // secret_value_new copies into libsecret's secure memory; the content type marks raw bytes.
        let secret = value.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return secret_value_new("", 0, "application/octet-stream") }
            return secret_value_new(
                base.assumingMemoryBound(to: gchar.self),
                gssize(bytes.count),
                "application/octet-stream"
            )
        }
        defer { secret_value_unref(UnsafeMutableRawPointer(secret)) }
        var error: UnsafeMutablePointer<GError>?
        let label = "Cashu wallet \(wallet): \(key)"
        let stored = secret_service_store_sync(
            service,
            schema,
            attributes,
            collection,
            label,
            secret,
            cancellable.pointer,
            &error
        )
        if let error { throw LibSecretError.from(error, operation: "store a secret") }
        guard stored != 0 else {
            throw SecureStoreError(.serviceFailure, "the Secret Service did not store the secret")
        }
    }

    /// The value for `key` of `wallet`, or `nil` when there is no such item.
    ///
    /// - Throws: `.locked` when the item exists in a collection that stayed locked (libsecret answers "no value"
    ///   then, which must not read as "missing").
    func lookup(wallet: String, key: String, cancellable: GLibCancellable) throws(SecureStoreError) -> SecureBytes? {
        let service = try connect(cancellable)
        defer { g_object_unref(service) }
        let attributes = Self.attributes(wallet: wallet, key: key)
        defer { g_hash_table_unref(attributes) }
        var error: UnsafeMutablePointer<GError>?
        let value = secret_service_lookup_sync(service, schema, attributes, cancellable.pointer, &error)
        if let error { throw LibSecretError.from(error, operation: "read a secret") }
        guard let value else {
            try requireNoLockedItem(service, attributes, cancellable)
            return nil
        }
        defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
        var length: gsize = 0
        guard let bytes = secret_value_get(value, &length) else { return SecureBytes(count: 0) }
        return SecureBytes(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
    }

    /// Deletes the items matching `wallet` and, when given, `key` (no error when there are none).
    ///
    /// - Throws: `.locked` when matching items exist but stayed locked.
    func clear(wallet: String, key: String?, cancellable: GLibCancellable) throws(SecureStoreError) {
        let service = try connect(cancellable)
        defer { g_object_unref(service) }
        let attributes = Self.attributes(wallet: wallet, key: key)
        defer { g_hash_table_unref(attributes) }
        var error: UnsafeMutablePointer<GError>?
        let cleared = secret_service_clear_sync(service, schema, attributes, cancellable.pointer, &error)
        if let error { throw LibSecretError.from(error, operation: "delete a secret") }
        if cleared == 0 { try requireNoLockedItem(service, attributes, cancellable) }
    }

    /// Checks that a Secret Service answers and its default collection exists and is unlocked.
    ///
    /// - Throws: `.serviceUnavailable`, `.noDefaultCollection` or `.locked`.
    func probe(cancellable: GLibCancellable) throws(SecureStoreError) {
        let service = try connect(cancellable)
        defer { g_object_unref(service) }
        var error: UnsafeMutablePointer<GError>?
        let found = secret_collection_for_alias_sync(
            service,
            collection ?? "default",
            SECRET_COLLECTION_NONE,
            cancellable.pointer,
            &error
        )
        if let error { throw LibSecretError.from(error, operation: "find the default collection") }
        guard let found else {
            throw SecureStoreError(
                .noDefaultCollection,
                "the Secret Service has no default collection (a keyring that was never created or unlocked)"
            )
        }
        defer { g_object_unref(found) }
        guard secret_collection_get_locked(found) == 0 else {
            throw SecureStoreError(.locked, "the Secret Service's default collection is locked")
        }
    }

    // MARK: - Helpers

    private func connect(_ cancellable: GLibCancellable) throws(SecureStoreError) -> UnsafeMutablePointer<SecretService>
    {
        var error: UnsafeMutablePointer<GError>?
        let service = secret_service_get_sync(SECRET_SERVICE_OPEN_SESSION, cancellable.pointer, &error)
        if let error { throw LibSecretError.from(error, operation: "connect to the Secret Service") }
        guard let service else {
            throw SecureStoreError(.serviceUnavailable, "no Secret Service")
        }
        return service
    }

    /// Throws `.locked` when an item matching `attributes` exists but is locked.
    private func requireNoLockedItem(
        _ service: UnsafeMutablePointer<SecretService>,
        _ attributes: OpaquePointer,
        _ cancellable: GLibCancellable
    ) throws(SecureStoreError) {
        var error: UnsafeMutablePointer<GError>?
        // SECRET_SEARCH_ALL without UNLOCK: list locked items too, without prompting again.
        let items = secret_service_search_sync(
            service,
            schema,
            attributes,
            SECRET_SEARCH_ALL,
            cancellable.pointer,
            &error
        )
        if let error { throw LibSecretError.from(error, operation: "search for secrets") }
        defer { g_list_free_full(items, g_object_unref) }
        var node = items
        while let current = node {
            if let item = current.pointee.data,
                secret_item_get_locked(item.assumingMemoryBound(to: SecretItem.self)) != 0
            {
                throw SecureStoreError(
                    .locked,
                    "the secret is in a locked collection of the Secret Service; unlock the keyring"
                )
            }
            node = current.pointee.next
        }
    }

    /// A string-to-string attribute table owning its strings.
    private static func attributes(wallet: String, key: String?) -> OpaquePointer {
        let table: OpaquePointer = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)
        g_hash_table_insert(table, g_strdup("wallet"), g_strdup(wallet))
        if let key { g_hash_table_insert(table, g_strdup("key"), g_strdup(key)) }
        return table
    }
}
