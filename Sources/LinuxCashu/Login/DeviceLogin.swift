// NUT-21 — a login to a mint's OpenID provider by the device flow (RFC 8628): an address and a code for the user,
// then a wait until the provider approves.

import CoreCashu
import Foundation

/// A device login under way (``LinuxWallet/startDeviceLogin(at:)``): show ``verificationURI`` and ``userCode``
/// (or ``verificationURIComplete`` as a QR code), then wait with ``LinuxWallet/finishDeviceLogin(_:)``.
public struct DeviceLogin: Sendable {
    /// The mint being logged in to (the one given to ``LinuxWallet/startDeviceLogin(at:)``).
    package let mint: MintURL
    /// The page where the user enters ``userCode`` (the provider's text: show it as untrusted).
    public let verificationURI: String
    /// The code to enter there.
    public let userCode: String
    /// The page with the code filled in, when the provider gives one.
    public let verificationURIComplete: String?

    /// The session, provider and device code the wait needs: never shown, not even by `dump` or a `Mirror`.
    package let pending: Pending

    package init(
        mint: MintURL, session: ClearAuthSession, client: OpenIDClient, configuration: OpenIDConfiguration,
        authorization: DeviceAuthorization
    ) {
        self.mint = mint
        self.verificationURI = authorization.verificationURI
        self.userCode = authorization.userCode
        self.verificationURIComplete = authorization.verificationURIComplete
        self.pending = Pending(
            session: session, client: client, configuration: configuration, authorization: authorization)
    }

    /// What finishing the login needs, reflected as nothing (the device code, and once stored the session's tokens,
    /// are secrets).
    package final class Pending: Sendable, CustomReflectable {
        package let session: ClearAuthSession
        package let client: OpenIDClient
        package let configuration: OpenIDConfiguration
        package let authorization: DeviceAuthorization

        init(
            session: ClearAuthSession, client: OpenIDClient, configuration: OpenIDConfiguration,
            authorization: DeviceAuthorization
        ) {
            self.session = session
            self.client = client
            self.configuration = configuration
            self.authorization = authorization
        }

        package var customMirror: Mirror { Mirror(self, children: []) }
    }
}
