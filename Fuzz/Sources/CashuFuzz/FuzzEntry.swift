// The callback libFuzzer calls for every input.

extension FuzzTarget {
    /// The target this process runs, set once by main before libFuzzer starts.
    nonisolated(unsafe) static var selected: FuzzTarget?
}

/// Copies the input so that the decoders own what they read, and runs the selected target on it.
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = FuzzTarget.selected else { return 0 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    target.run(FuzzInput(bytes))
    return 0
}
