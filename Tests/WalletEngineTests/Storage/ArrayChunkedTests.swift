// Tests of Storage/Array+Chunked.swift: splitting a list to fit one statement or one request.

@testable import CashuEngine
import Testing

@Suite("Array chunks")
struct ArrayChunkedTests {
    @Test("splitting evenly: as few slices as the size allows, sizes within one of each other", arguments: [
        (10, 4, [4, 3, 3]), (8, 4, [4, 4]), (3, 4, [3]), (0, 4, []), (2500, 1000, [834, 833, 833]), (17, 16, [9, 8]),
    ])
    func evenChunks(count: Int, size: Int, expected: [Int]) {
        let slices = Array(0..<count).chunked(evenly: size)
        #expect(slices.map(\.count) == expected)
        #expect(slices.flatMap { $0 } == Array(0..<count))
    }
}
