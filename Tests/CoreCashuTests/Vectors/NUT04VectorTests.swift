// Vectors/nut04.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut04 vectors")
struct NUT04VectorTests {
    static let file = VectorFile.load("nut04")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        guard c.group == "method_name_fallback" else { throw c.fail("unknown group \(c.group)") }
        let setting = PaymentMethodSetting(
            method: try c.string(c.input["method"], "method"), unit: .sat,
            methodName: c.input["method_name"].stringValue)
        try c.expectEqual(setting.displayName, try c.string(c.expected["display_name"], "display_name"), "display name")
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
