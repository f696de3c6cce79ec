// NUT-18 — Payment requests: the request model shared by the `creqA` (NUT-18) and `creqb` (NUT-26) encodings.

/// What a payee asks for: amount, unit, acceptable mints, how to deliver the ecash and an optional lock.
///
/// Every field is optional (NUT-18 §Payment Request). JSON coding uses the spec's one-letter keys. Decode an encoded
/// request with ``init(encoded:)``; encode with ``creqA()`` or ``creqB()``.
public struct PaymentRequest: Hashable, Sendable, Codable {
    /// `i`: the payment id the payer echoes in `PaymentRequestPayload.id`.
    public var id: String?
    /// `a`: the amount requested, in `unit`'s minor units.
    public var amount: UInt64?
    /// `u`: the unit (`sat`, `msat`, `usd`, …); NUT-18 requires it whenever `amount` is set.
    public var unit: String?
    /// `s`: whether the request may be paid only once.
    public var singleUse: Bool?
    /// `m`: the mints the payee accepts ecash from.
    public var mints: [String]?
    /// `d`: a human-readable description for the payer's wallet to show.
    public var description: String?
    /// `t`: delivery methods in order of preference; absent or empty means in-band (e.g. an `X-Cashu` header).
    public var transports: [Transport]?
    /// `nut10`: the NUT-10 spending condition the payee wants the proofs locked to.
    public var nut10: NUT10Option?
    /// `mp`: whether the mint list is only a preference (`true`) rather than binding (absent or `false`) (nuts#381).
    public var mintPreferred: Bool?
    /// `sm`: the methods the payee can melt by, with their fees (nuts#381); requires `unit`.
    public var supportedMethods: [SupportedMethod]?

    /// Creates a request; every field is optional.
    public init(
        id: String? = nil,
        amount: UInt64? = nil,
        unit: String? = nil,
        singleUse: Bool? = nil,
        mints: [String]? = nil,
        description: String? = nil,
        transports: [Transport]? = nil,
        nut10: NUT10Option? = nil,
        mintPreferred: Bool? = nil,
        supportedMethods: [SupportedMethod]? = nil
    ) {
        self.mintPreferred = mintPreferred
        self.supportedMethods = supportedMethods
        self.id = id
        self.amount = amount
        self.unit = unit
        self.singleUse = singleUse
        self.mints = mints
        self.description = description
        self.transports = transports
        self.nut10 = nut10
    }

    enum CodingKeys: String, CodingKey {
        case id = "i"
        case amount = "a"
        case unit = "u"
        case singleUse = "s"
        case mints = "m"
        case description = "d"
        case transports = "t"
        case nut10
        case mintPreferred = "mp"
        case supportedMethods = "sm"
    }

    /// The longest encoded request (either format) accepted, in characters; longer input is rejected unread.
    package static let maximumEncodedLength = 32_768
}
