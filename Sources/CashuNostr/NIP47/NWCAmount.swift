// NIP-47 — Nostr Wallet Connect: amounts are millisatoshis on the wire; a Cashu (sat) wallet works in whole sats.

/// The rules between the wire's millisatoshis and the wallet's satoshis.
///
/// - An amount the wallet must *pay* or *ask for* (`pay_invoice`, `make_invoice`) must be a whole number of sats:
///   a sat wallet cannot pay or request 1,500 msat exactly, and rounding either way would move a different amount
///   than the client asked for. Such a request is refused (`OTHER`), nothing is paid or made.
/// - An amount the wallet *reports* (balance, fees, budgets) is sats × 1000, exact.
/// - A budget counts whole sats: a spend is charged ``satsRoundingUp(_:)`` of its msats, so a budget is never
///   overrun by rounding.
package enum NWCAmount {
    /// The sats in `msat`, if it is a whole number of them.
    package static func wholeSats(_ msat: UInt64) -> UInt64? { msat % 1000 == 0 ? msat / 1000 : nil }

    /// `msat` in sats, any part of a sat counted as a whole one.
    package static func satsRoundingUp(_ msat: UInt64) -> UInt64 { msat / 1000 + (msat % 1000 == 0 ? 0 : 1) }

    /// `sats` in msats, or `nil` past `UInt64`.
    package static func msat(_ sats: UInt64) -> UInt64? {
        let (value, overflow) = sats.multipliedReportingOverflow(by: 1000)
        return overflow ? nil : value
    }

    /// `sats` in msats, saturating at `UInt64.max`.
    package static func msatSaturating(_ sats: UInt64) -> UInt64 { msat(sats) ?? .max }
}
