// Local API: the request context of its routes (Hummingbird), with the body limit.

import Hummingbird

/// Hummingbird's per-request context for the local API.
struct APIRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    var maxUploadSize: Int { APIJSON.bodyLimit }
}
