// Local API: every request through the access check, every answer with headers that keep pages of other origins out.

import HTTPTypes
import Hummingbird

/// Applies ``APIAccess`` to each request (401 or 403 before any route runs) and adds the security headers.
struct APIAccessMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext

    let access: APIAccess
    let sessions: APISessions
    /// The session cookie's name (its port in it: cookies are shared by every port of a host).
    let cookieName: String
    /// The routes, for the methods a 405 names.
    let routes: APIRouteTable

    /// The header carrying the session's key.
    static let keyHeader = HTTPField.Name("X-Cashu-Key") ?? .authorization

    private static let frameOptions = HTTPField.Name("X-Frame-Options")
    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // A session is its cookie and its key: the key in a header, or (for the event stream, which a browser opens
        // without headers) in the query.
        let cookie = request.cookies[cookieName]?.value
        let key = request.headers[Self.keyHeader] ?? request.uri.queryParameters.get("k")
        let live: Bool
        if let cookie, let key { live = await sessions.isLive(cookie, key: key) } else { live = false }
        let decision = access.decide(
            path: request.uri.path, host: request.head.authority, origin: request.headers[.origin],
            authorization: request.headers[.authorization], sessionLive: live)
        var response: Response
        switch decision {
        case .allow:
            do { response = try await next(request, context) } catch { response = APIFailure.from(error).response }
            if response.status == .notFound, let allowed = routes.methods(of: request.uri.path),
                !allowed.contains(request.method)
            {
                response = APIFailure(.methodNotAllowed, "methodNotAllowed", "\(request.method) is not served here")
                    .response
                response.headers[.allow] = allowed.map(\.rawValue).sorted().joined(separator: ", ")
            }
        case .unauthorized:
            response = APIFailure(
                .unauthorized, "unauthorized", "a token is needed: `Authorization: Bearer …` (cashu daemon api-token)"
            ).response
            response.headers[.wwwAuthenticate] = "Bearer"
        case .forbidden(let reason):
            response = APIFailure(.forbidden, "forbidden", reason).response
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.cacheControl] = "no-store"
        if let frames = Self.frameOptions { response.headers[frames] = "DENY" }
        if let referrer = Self.referrerPolicy { response.headers[referrer] = "no-referrer" }
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"
        return response
    }
}
