// CLI: `cashu pay ₿user@domain` — BIP-353 payment instructions looked up in DNS (DNSSEC-validated unless
// CASHU_DNS_INSECURE=1), then paid as the BOLT11 invoice or the Cashu payment request (NUT-18/26) they name.

import CoreCashu
import Foundation

/// Resolves a BIP-353 address to something `cashu pay` can pay.
enum BIP353Payment {
    /// What the instructions ask to be paid.
    enum Target {
        case invoice(String)
        case request(PaymentRequest)
    }

    static func resolve(
        _ text: String, global: GlobalOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> Target {
        let address: BIP353Address
        do { address = try BIP353Address(text) } catch { throw cliError(error, text) }
        if try ProxyChoice.resolve(global) != nil {
            throw CLIError(
                .config, "a BIP-353 lookup is a DNS query, which would bypass the proxy; pay an invoice instead",
                code: "unsupported")
        }
        let insecure = environment["CASHU_DNS_INSECURE"] == "1"
        let uri: BitcoinPaymentURI
        do {
            uri = try await DNSTXTResolver.system(environment: environment).resolve(
                address, requireValidation: !insecure)
        } catch {
            throw cliError(error, address.description)
        }
        if let creq = uri.paymentRequest {
            return .request(try RequestPayCommand.decode(creq))
        }
        if let invoice = uri.invoice { return .invoice(invoice) }
        let ways = [uri.offer.map { _ in "a BOLT12 offer (NUT-25)" }, uri.address.map { _ in "an on-chain address" }]
            .compactMap(\.self).joined(separator: " and ")
        throw CLIError(
            .input, "\(address) can only be paid with \(ways.isEmpty ? "nothing this wallet knows" : ways)",
            code: "unsupported")
    }

    private static func cliError(_ error: PaymentInstructionError, _ address: String) -> CLIError {
        let exit: ExitClass =
            switch error.code {
            case .invalidAddress, .notFound, .unsupported: .input
            case .unreachable: .mintUnreachable
            default: .protocol
            }
        return CLIError(exit, "\(Untrusted.display(address, limit: 80)): \(error.reason)", code: error.code.rawValue)
    }
}
