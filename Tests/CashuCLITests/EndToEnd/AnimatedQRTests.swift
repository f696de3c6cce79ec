// End to end: NUT-16 animated QR frames (`ur:bytes/...`) given to `cashu receive` and `cashu decode` — out of order,
// some missed, upper case as a QR scanner reads them — and too few frames refused with a clear error.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu with animated QR frames", .timeLimit(.minutes(3)))
struct AnimatedQRTests {
    @Test("a token as frames, shuffled, a third missed, is decoded and received")
    func receiveFrames() async throws {
        let mint = try await TestMint.shared
        let (alice, bob) = (CLIWallet(), CLIWallet())
        defer { alice.remove(); bob.remove() }
        try await alice.fund(300, at: mint.url)
        try await bob.json("mints", "add", mint.url.rawValue)
        let token = try #require(try await alice.json("send", "127", "--fresh").string("token"))
        var encoder = URFrameEncoder(text: token, maximumFragmentLength: 60)
        #expect(encoder.frameCount > 3)
        var frames = (0..<(encoder.frameCount * 4)).map { _ in encoder.nextFrame().uppercased() }
        frames = frames.enumerated().filter { $0.offset % 3 != 1 }.map(\.element).reversed()
        let decoded = try await bob.json("decode", stdin: frames.joined(separator: "\n"))
        #expect(decoded.uint("amount") == 127, "\(decoded)")
        let received = try await bob.json("receive", stdin: frames.joined(separator: " "))
        #expect((received.uint("amount") ?? 0) >= 120, "\(received)")
    }

    @Test("too few frames: exit 65 saying how many fragments are known")
    func incomplete() async throws {
        let wallet = CLIWallet()
        defer { wallet.remove() }
        var encoder = URFrameEncoder(text: String(repeating: "cashuB", count: 200), maximumFragmentLength: 60)
        let frames = (0..<3).map { _ in encoder.nextFrame() }
        let outcome = try await wallet.run(["decode"], stdin: frames.joined(separator: "\n"))
        outcome.expectFailure(65)
        #expect(outcome.stderr.contains("incomplete"), "\(outcome)")
    }
}
