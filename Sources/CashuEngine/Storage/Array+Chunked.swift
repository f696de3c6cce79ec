// Storage and wallet: splitting a list into slices that fit one SQL statement or one request to a mint.

extension Array {
    /// Consecutive slices of at most `size` elements; each keeps its indices in the whole array.
    package func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
