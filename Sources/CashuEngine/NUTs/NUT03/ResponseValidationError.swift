// NUT-03 — Swap: the error thrown when a mint's answer does not fit the request it answers (also NUT-07, NUT-09).

/// A mint response that is well-formed JSON but does not match the request that was sent.
///
/// A wallet must not settle an operation on such a response: it treats the answer as ambiguous and recovers later
/// (NUT-19 replay, NUT-07 state check or NUT-09 restore). `index` names the offending element of the response where
/// there is one.
package struct ResponseValidationError: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<ResponseValidationError>

    /// What went wrong.
    package let code: Code
    /// The position in the response (or, for `Code/duplicateRequestOutput`, the request) that is at fault.
    package let index: Int?
    /// A human-readable explanation. Never contains secret material.
    package let reason: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: what went wrong.
    ///   - index: the offending element's position, if any.
    ///   - reason: a human-readable explanation without secrets.
    package init(_ code: Code, index: Int? = nil, _ reason: String) {
        self.code = code
        self.index = index
        self.reason = reason
    }

    package var description: String {
        if let index { return "ResponseValidationError.\(code) at index \(index): \(reason)" }
        return "ResponseValidationError.\(code): \(reason)"
    }
}

extension ErrorCode where Domain == ResponseValidationError {
    /// The response has a different number of elements than the request allows.
    package static let countMismatch = Self(rawValue: "countMismatch")
    /// A signature's amount differs from the amount of the output it answers.
    package static let amountMismatch = Self(rawValue: "amountMismatch")
    /// A signature's keyset id differs from the keyset id of the output it answers.
    package static let keysetMismatch = Self(rawValue: "keysetMismatch")
    /// A NUT-07 state names a different `Y` than the request had at that position.
    package static let orderMismatch = Self(rawValue: "orderMismatch")
    /// A NUT-07 state is not `UNSPENT`, `PENDING` or `SPENT`.
    package static let unknownState = Self(rawValue: "unknownState")
    /// A NUT-09 restored output (by `B_`) was not in the request.
    package static let unknownOutput = Self(rawValue: "unknownOutput")
    /// A NUT-09 restored output (by `B_`) appears twice in the response.
    package static let duplicateOutput = Self(rawValue: "duplicateOutput")
    /// The request itself names the same `B_` twice, so answers cannot be matched unambiguously.
    package static let duplicateRequestOutput = Self(rawValue: "duplicateRequestOutput")
}
