// CLI render: a NUT-18/26 payment request (creqA/creqb) described for people and as JSON.

import CoreCashu

/// A payment request described for `cashu decode` and `cashu request`.
struct PaymentRequestSummary {
    let request: PaymentRequest
    let encoding: String

    func json() -> JSONOutput {
        var fields: [(String, JSONOutput)] = [
            ("type", "paymentRequest"), ("encoding", .string(encoding)), ("id", .optional(request.id)),
            ("amount", .optional(request.amount)), ("unit", .optional(request.unit)),
            ("singleUse", request.singleUse.map { .bool($0) } ?? .null),
            ("mints", request.mints.map { .array($0.map { .string($0) }) } ?? .null),
            ("mintsPreferred", request.mintPreferred.map { .bool($0) } ?? .null),
            (
                "methods",
                request.supportedMethods.map { methods in
                    .array(methods.map { .object([("method", .string($0.method)), ("fee", .optional($0.fee))]) })
                } ?? .null
            ),
            ("description", .optional(request.description)),
            (
                "transports",
                .array(
                    (request.transports ?? []).map { transport in
                        .object([
                            ("type", .string(transport.kind.rawValue)), ("target", .string(transport.target)),
                            ("tags", transport.tags.map { .array($0.map { .array($0.map { .string($0) }) }) } ?? .null),
                        ])
                    }
                )
            ),
        ]
        if let lock = request.nut10 {
            fields.append(
                (
                    "lock",
                    .object([
                        ("kind", .string(lock.kind)), ("data", .string(lock.data)),
                        ("tags", lock.tags.map { .array($0.map { .array($0.map { .string($0) }) }) } ?? .null),
                    ])
                )
            )
        } else {
            fields.append(("lock", .null))
        }
        return .object(fields)
    }

    func human() -> String {
        var lines: [String] = []
        let amount =
            request.amount.map { Amount.text($0, request.unit ?? "sat") } ?? "any amount"
            + (request.unit.map { " (\($0))" } ?? "")
        lines.append("Payment request (\(encoding)): \(amount)")
        if let description = request.description { lines.append("  description: \(Untrusted.display(description))") }
        if let mints = request.mints, !mints.isEmpty {
            let binding = request.isMintListStrict == false ? " (preferred; others accepted)" : ""
            lines.append("  mints: \(mints.map { Untrusted.display($0) }.joined(separator: ", "))\(binding)")
        } else {
            lines.append("  mints: any")
        }
        for method in request.supportedMethods ?? [] {
            let fee = method.fee.map { Amount.text($0, request.unit ?? "sat") } ?? "no fee"
            lines.append("  from another mint by \(Untrusted.display(method.method)): \(fee)")
        }
        if let id = request.id { lines.append("  id: \(Untrusted.display(id))") }
        if request.singleUse == true { lines.append("  single use") }
        let transports = request.transports ?? []
        if transports.isEmpty { lines.append("  delivery: in band (hand over the token)") }
        for transport in transports {
            lines.append("  delivery: \(transport.kind.rawValue) to \(Untrusted.display(transport.target))")
        }
        if let lock = request.nut10 {
            lines.append("  lock: \(Untrusted.display(lock.kind)) \(Untrusted.display(lock.data))")
        }
        return lines.joined(separator: "\n")
    }
}
