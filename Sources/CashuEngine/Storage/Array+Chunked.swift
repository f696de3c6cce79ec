// Storage and wallet: splitting a list into slices that fit one SQL statement or one request to a mint.

extension Array {
    /// Consecutive slices of at most `size` elements; each keeps its indices in the whole array.
    package func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }

    /// As few slices of at most `size` elements as possible, their sizes differing by at most one (so that no part
    /// of a split request is left with a handful of elements).
    package func chunked(evenly size: Int) -> [ArraySlice<Element>] {
        guard !isEmpty else { return [] }
        let parts = (count + size - 1) / size
        let (base, extra) = count.quotientAndRemainder(dividingBy: parts)
        var slices: [ArraySlice<Element>] = []
        var start = 0
        for part in 0..<parts {
            let end = start + base + (part < extra ? 1 : 0)
            slices.append(self[start..<end])
            start = end
        }
        return slices
    }
}
