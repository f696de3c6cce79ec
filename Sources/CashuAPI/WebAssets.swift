// Local API: the web wallet's files and the API description, built into the binary (no files to install).

/// The files `Resources/` holds, embedded at build time (SwiftPM `embedInCode`).
enum WebAssets {
    static var indexHTML: [UInt8] { PackageResources.index_html }
    static var appJS: [UInt8] { PackageResources.app_js }
    static var appCSS: [UInt8] { PackageResources.app_css }
    static var openAPI: [UInt8] { PackageResources.openapi_yaml }
}
