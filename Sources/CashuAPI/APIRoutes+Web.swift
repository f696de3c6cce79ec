// Local API: what a browser loads — the web wallet's page and assets, the one-time login link, the description.

import CoreCashu
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension APIRoutes {
    func addWeb(to router: Router<APIRequestContext>) {
        router.get("/") { _, _ -> Response in
            Self.asset(WebAssets.indexHTML, type: "text/html; charset=utf-8")
        }
        router.get("assets/app.js") { _, _ -> Response in
            Self.asset(WebAssets.appJS, type: "text/javascript; charset=utf-8")
        }
        router.get("assets/app.css") { _, _ -> Response in
            Self.asset(WebAssets.appCSS, type: "text/css; charset=utf-8")
        }
        router.get("openapi.yaml") { _, _ -> Response in
            Self.asset(WebAssets.openAPI, type: "application/yaml; charset=utf-8")
        }
        // `cashu daemon open`: a code good once becomes a session cookie, and the browser goes to the wallet.
        router.get("login") { request, _ -> Response in
            guard let code = request.uri.queryParameters.get("code"),
                let session = await sessions.redeem(code)
            else {
                throw APIFailure(
                    .unauthorized, "unauthorized", "this login link was used or has lapsed: `cashu daemon open` again")
            }
            // The key goes in the fragment, which the browser never sends: the page moves it to sessionStorage.
            var response = Response(status: .seeOther, headers: [.location: "/#k=\(session.key)"])
            response.setCookie(
                Cookie(
                    name: cookieName, value: session.id, maxAge: 12 * 3600, path: "/", httpOnly: true,
                    sameSite: .strict))
            return response
        }
        // A QR code of a text the page shows (an invoice, a token): drawn here, so the page needs no QR library.
        router.post("v1/qr") { request, _ -> Response in
            struct Body: Decodable { var text: String }
            let body = try await APIJSON.decode(Body.self, from: request)
            guard !body.text.isEmpty, body.text.count <= 2900, let svg = QRCodeSVG.render(body.text) else {
                throw APIFailure(.badRequest, "invalidInput", "too long for one QR code")
            }
            return Self.asset(Array(svg.utf8), type: "image/svg+xml")
        }
        // A large text (a token of many proofs) as NUT-16 animated QR frames: each frame's text and its code. The
        // frames a scanner needs first (each part once), then as many mixed ones again (30 at most).
        router.post("v1/qr/frames") { request, _ -> Response in
            struct Body: Decodable { var text: String }
            struct Frame: Encodable {
                var text: String
                var svg: String
            }
            let body = try await APIJSON.decode(Body.self, from: request)
            // 20,000 characters: about 135 parts, half a minute of frames at four a second.
            guard !body.text.isEmpty, body.text.count <= 20_000 else {
                throw APIFailure(.badRequest, "invalidInput", "1 to 20,000 characters can be shown as QR frames")
            }
            var encoder = URFrameEncoder(text: body.text)
            var frames: [Frame] = []
            for _ in 0..<min(encoder.frameCount * 2, encoder.frameCount + 30) {
                // Upper case: QR alphanumeric mode, a smaller code (frames are read case-blind).
                let text = encoder.nextFrame().uppercased()
                guard let svg = QRCodeSVG.render(text) else {
                    throw APIFailure(.badRequest, "invalidInput", "a frame does not fit a QR code")
                }
                frames.append(Frame(text: text, svg: svg))
            }
            struct Answer: Encodable {
                /// How many parts the text was cut into (frame i of `parts`).
                var parts: Int
                var frames: [Frame]
            }
            return APIJSON.response(Answer(parts: encoder.frameCount, frames: frames))
        }
        // Logging out: the session of the cookie ends (its key with it); the cookie is dropped.
        router.post("v1/logout") { request, _ -> Response in
            if let session = request.cookies[cookieName]?.value { await sessions.end(session) }
            var response = APIJSON.response(["loggedOut": true])
            response.setCookie(
                Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        // A login link for `cashu daemon open` (which holds the token, on the socket).
        router.post("v1/login-links") { _, _ -> Response in
            guard let webURL else {
                throw APIFailure(
                    .conflict, "noWebAddress",
                    "the service serves no web address: run it with --api-listen 127.0.0.1:PORT")
            }
            return APIJSON.response(["url": "\(webURL)/login?code=\(await sessions.issueCode())"])
        }
    }

    static func asset(_ bytes: [UInt8], type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
