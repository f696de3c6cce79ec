// Tests of Reachability/Netlink/NetlinkMessageParser.swift: link and address messages, several per datagram, and
// malformed input skipped without a crash.

import Testing

@testable import LinuxCashu

@Suite("Netlink message parser")
struct NetlinkMessageParserTests {
    let build = NetlinkMessageBuilder()
    var c: NetlinkConstants { build.constants }
    let parser = NetlinkMessageParser()

    @Test func aLinkGoingDownAndUp() {
        let down = build.message(
            type: c.newLink,
            body: build.link(index: 7, flags: 0, name: "veth0", operationalState: 2)
        )
        let up = build.message(
            type: c.newLink,
            body: build.link(
                index: 7,
                flags: c.flagUp | c.flagRunning | c.flagLowerUp,
                name: "veth0",
                operationalState: 6
            )
        )
        let result = parser.parse(down + up)
        #expect(result.malformed == 0)
        #expect(
            result.events == [
                .link(
                    NetlinkLinkEvent(
                        index: 7,
                        name: "veth0",
                        isUp: false,
                        isRunning: false,
                        hasCarrier: false,
                        operationalState: 2,
                        removed: false
                    )
                ),
                .link(
                    NetlinkLinkEvent(
                        index: 7,
                        name: "veth0",
                        isUp: true,
                        isRunning: true,
                        hasCarrier: true,
                        operationalState: 6,
                        removed: false
                    )
                ),
            ]
        )
    }

    @Test func carrierLossAndARemovedLink() {
        let noCarrier = build.message(type: c.newLink, body: build.link(index: 3, flags: c.flagUp, name: "eth1"))
        let removed = build.message(type: c.deleteLink, body: build.link(index: 3, flags: 0))
        let events = parser.parse(noCarrier + removed).events
        #expect(
            events == [
                .link(
                    NetlinkLinkEvent(
                        index: 3,
                        name: "eth1",
                        isUp: true,
                        isRunning: false,
                        hasCarrier: false,
                        operationalState: nil,
                        removed: false
                    )
                ),
                .link(
                    NetlinkLinkEvent(
                        index: 3,
                        name: nil,
                        isUp: false,
                        isRunning: false,
                        hasCarrier: false,
                        operationalState: nil,
                        removed: true
                    )
                ),
            ]
        )
    }

    @Test func ipv4AndIPv6AddressesAddedAndRemoved() {
        let v4 = build.message(
            type: c.newAddress,
            body: build.address(
                family: c.familyIPv4,
                prefixLength: 30,
                index: 9,
                local: [10, 213, 0, 1],
                address: [10, 213, 0, 2]
            )
        )
        let v6Bytes: [UInt8] = [0xfe, 0x80] + [UInt8](repeating: 0, count: 13) + [1]
        let v6 = build.message(
            type: c.deleteAddress,
            body: build.address(family: c.familyIPv6, prefixLength: 64, index: 9, local: nil, address: v6Bytes)
        )
        let events = parser.parse(v4 + v6).events
        #expect(
            events == [
                .address(
                    NetlinkAddressEvent(
                        index: 9,
                        family: .ipv4,
                        address: "10.213.0.1",
                        prefixLength: 30,
                        removed: false
                    )
                ),
                .address(
                    NetlinkAddressEvent(index: 9, family: .ipv6, address: "fe80::1", prefixLength: 64, removed: true)
                ),
            ]
        )
    }

    @Test func unknownTypesAndAttributesAreIgnoredAndOverrunIsReported() {
        let unknownMessage = build.message(type: 999, body: [1, 2, 3, 4])
        let done = build.message(type: c.done, body: Array(repeating: 0, count: 4))
        let overrun = build.message(type: c.overrun, body: [])
        let withUnknownAttribute = build.message(
            type: c.newLink,
            body: build.link(
                index: 1,
                flags: c.flagUp,
                name: "lo",
                extra: build.attribute(type: 0x3fff, value: [9, 9, 9])
            )
        )
        let result = parser.parse(unknownMessage + done + overrun + withUnknownAttribute)
        #expect(result.malformed == 0)
        #expect(result.events.count == 2)
        #expect(result.events.first == .overrun)
        if case .link(let link)? = result.events.last { #expect(link.name == "lo") } else { Issue.record("no link") }
    }

    @Test func aMessageLongerThanTheDatagramEndsIt() {
        let good = build.message(type: c.newLink, body: build.link(index: 1, flags: 0))
        let lying = build.message(type: c.newLink, body: build.link(index: 2, flags: 0), length: 4096)
        let result = parser.parse(good + lying + good)
        #expect(result.events.count == 1)
        #expect(result.malformed == 1)
    }

    @Test func aMessageShorterThanItsHeaderEndsTheDatagram() {
        let tooShort = build.message(type: c.newLink, body: build.link(index: 2, flags: 0), length: 8)
        let result = parser.parse(tooShort + build.message(type: c.newLink, body: build.link(index: 1, flags: 0)))
        #expect(result.events.isEmpty)
        #expect(result.malformed == 1)
    }

    @Test func aTruncatedBodyOrAttributeSkipsOnlyThatMessage() {
        let shortBody = build.message(type: c.newLink, body: [0, 0, 1, 0])
        let badAttribute = build.message(
            type: c.newLink,
            body: build.link(index: 4, flags: 0)
                + build.attribute(type: c.linkName, value: Array("x".utf8), length: 200)
        )
        let zeroLengthAttribute = build.message(
            type: c.newAddress,
            body: build.address(family: c.familyIPv4, prefixLength: 24, index: 1, local: nil, address: nil)
                + build.attribute(type: c.localAddress, value: [], length: 0)
        )
        let good = build.message(type: c.newLink, body: build.link(index: 5, flags: 0, name: "ok"))
        let result = parser.parse(shortBody + badAttribute + zeroLengthAttribute + good)
        #expect(result.malformed == 3)
        #expect(result.events.count == 1)
    }

    @Test func oddAddressLengthsAndNamesBecomeNil() {
        let wrongLength = build.message(
            type: c.newAddress,
            body: build.address(family: c.familyIPv4, prefixLength: 8, index: 2, local: [1, 2, 3], address: nil)
        )
        let otherFamily = build.message(
            type: c.newAddress,
            body: build.address(family: 17, prefixLength: 0, index: 2, local: [1, 2], address: nil)
        )
        let badName = build.message(
            type: c.newLink,
            body: build.link(
                index: 2,
                flags: 0,
                extra:
                    build.attribute(type: c.linkName, value: [0xff, 0xfe, 0])
            )
        )
        let events = parser.parse(wrongLength + otherFamily + badName).events
        #expect(
            events == [
                .address(NetlinkAddressEvent(index: 2, family: .ipv4, address: nil, prefixLength: 8, removed: false)),
                .address(
                    NetlinkAddressEvent(index: 2, family: .other(17), address: nil, prefixLength: 0, removed: false)
                ),
                .link(
                    NetlinkLinkEvent(
                        index: 2,
                        name: nil,
                        isUp: false,
                        isRunning: false,
                        hasCarrier: false,
                        operationalState: nil,
                        removed: false
                    )
                ),
            ]
        )
    }

    @Test func emptyAndTinyDatagramsHoldNothing() {
        for size in 0..<20 {
            let result = parser.parse([UInt8](repeating: 0xff, count: size))
            #expect(result.events.isEmpty)
        }
    }

    /// Random bytes, and valid datagrams with random corruption, never crash the parser.
    @Test func randomAndCorruptedDatagramsNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let valid =
            build.message(
                type: c.newLink,
                body: build.link(index: 7, flags: c.flagUp, name: "veth0", operationalState: 6)
            )
            + build.message(
                type: c.newAddress,
                body: build.address(
                    family: c.familyIPv4,
                    prefixLength: 30,
                    index: 7,
                    local: [10, 0, 0, 1],
                    address: nil
                )
            )
        for _ in 0..<2000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) {
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            }
            _ = parser.parse(bytes)
            _ = parser.parse(
                (0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator)
                }
            )
        }
    }
}
