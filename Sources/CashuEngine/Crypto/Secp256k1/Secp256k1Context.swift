// CoreCashu — owner of the libsecp256k1 context every curve operation runs in.

internal import CSecp256k1

/// The one libsecp256k1 context of the process.
///
/// It is created and randomised once, then only used through const calls, which libsecp256k1 documents as safe to
/// make from any number of threads at once; that is why a shared immutable instance is acceptable here.
final class Secp256k1Context: @unchecked Sendable {
    static let shared = Secp256k1Context()

    let raw: OpaquePointer

    private init() {
        // SECP256K1_CONTEXT_NONE: the only flag 0.2.0 still honours; signing and verifying both work with it.
        guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
            preconditionFailure("libsecp256k1 could not allocate a context")
        }
        var seed = SecureBytes.random(count: 32)
        seed.withUnsafeBytes { buffer in
            // Randomisation only hardens against side channels; a failure leaves a working context.
            _ = secp256k1_context_randomize(context, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self))
        }
        seed = SecureBytes(count: 0)
        self.raw = context
    }

    deinit {
        secp256k1_context_destroy(raw)
    }
}
