// NUT-06 — Mint info: the body of `GET /v1/info`; every field is optional.

/// What a mint says about itself.
package struct MintInfo: Decodable, Hashable, Sendable {
    /// One way to contact the mint operator.
    package struct Contact: Codable, Hashable, Sendable {
        /// The contact method (`email`, `nostr`, ...).
        package var method: String
        /// The address for that method.
        package var info: String

        /// Creates a contact.
        package init(method: String, info: String) {
            self.method = method
            self.info = info
        }
    }

    /// The mint's name.
    package var name: String?
    /// The mint's public key (hex), kept as a string: it is informational.
    package var pubkey: String?
    /// Implementation and version, `"impl/ver"`.
    package var version: String?
    /// A short description.
    package var description: String?
    /// A long description.
    package var descriptionLong: String?
    /// Contacts.
    package var contact: [Contact]?
    /// A message of the day the wallet must show.
    package var motd: String?
    /// An icon URL.
    package var iconURL: String?
    /// The mint's URLs.
    package var urls: [String]?
    /// The mint's current Unix time.
    package var time: UInt64?
    /// The terms of service URL.
    package var tosURL: String?
    /// Per-NUT settings.
    package var nuts: NutSettings
    /// The most items the mint takes in one array of a request (inputs, outputs, `Ys`, quotes), when it says
    /// (nuts#425; Nutshell's `MINT_MAX_REQUEST_LENGTH`).
    package var maxArrayLength: UInt64?

    /// Creates info.
    package init(name: String? = nil, nuts: NutSettings = NutSettings()) {
        self.name = name
        self.nuts = nuts
    }

    enum CodingKeys: String, CodingKey {
        case name, pubkey, version, description, contact, motd, urls, time, nuts
        case descriptionLong = "description_long"
        case iconURL = "icon_url"
        case tosURL = "tos_url"
        case maxArrayLength = "max_array_length"
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Each field is optional and a wrong type is treated as absent: info is advisory.
        name = try? c.decodeIfPresent(String.self, forKey: .name)
        pubkey = try? c.decodeIfPresent(String.self, forKey: .pubkey)
        version = try? c.decodeIfPresent(String.self, forKey: .version)
        description = try? c.decodeIfPresent(String.self, forKey: .description)
        descriptionLong = try? c.decodeIfPresent(String.self, forKey: .descriptionLong)
        contact = try? c.decodeIfPresent([Contact].self, forKey: .contact)
        motd = try? c.decodeIfPresent(String.self, forKey: .motd)
        iconURL = try? c.decodeIfPresent(String.self, forKey: .iconURL)
        urls = try? c.decodeIfPresent([String].self, forKey: .urls)
        time = try? c.decodeIfPresent(UInt64.self, forKey: .time)
        tosURL = try? c.decodeIfPresent(String.self, forKey: .tosURL)
        nuts = (try? c.decodeIfPresent(NutSettings.self, forKey: .nuts)) ?? NutSettings()
        maxArrayLength = (try? c.decodeIfPresent(UInt64.self, forKey: .maxArrayLength)).flatMap { $0 }
    }

    /// Whether the mint advertises `nut` and has not switched it off.
    package func supports(nut: Int) -> Bool { nuts.supports(nut: nut) }
}
