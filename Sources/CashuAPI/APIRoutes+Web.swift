// Local API: what a browser loads — the web wallet's page and assets, the one-time login link, the description.

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
