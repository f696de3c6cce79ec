// Verification: a result builder that lists verifiers, so a pipeline reads as the checks it runs.

/// Builds a list of verifiers of one item type:
/// `VerificationPipeline<Proof> { ProofKeyVerifier(); ProofDLEQVerifier(); MyPolicy() }`.
@resultBuilder
package enum VerifierListBuilder<Item: Sendable> {
    package static func buildExpression(_ verifier: any Verifier<Item>) -> [any Verifier<Item>] { [verifier] }
    package static func buildExpression(_ verifiers: [any Verifier<Item>]) -> [any Verifier<Item>] { verifiers }
    package static func buildBlock(_ parts: [any Verifier<Item>]...) -> [any Verifier<Item>] { parts.flatMap { $0 } }
    package static func buildOptional(_ part: [any Verifier<Item>]?) -> [any Verifier<Item>] { part ?? [] }
    package static func buildEither(first part: [any Verifier<Item>]) -> [any Verifier<Item>] { part }
    package static func buildEither(second part: [any Verifier<Item>]) -> [any Verifier<Item>] { part }
    package static func buildArray(_ parts: [[any Verifier<Item>]]) -> [any Verifier<Item>] { parts.flatMap { $0 } }
}

extension VerificationPipeline {
    /// A pipeline of the verifiers listed in `build`, in that order.
    package init(@VerifierListBuilder<Item> _ build: () -> [any Verifier<Item>]) {
        self.init(build())
    }
}
