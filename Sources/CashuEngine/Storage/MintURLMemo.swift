// Storage: reading stored mint URLs cheaply (both SQL stores' row mapping).

/// Parses `mint_url` texts, reusing the last result when the text repeats: `MintURL.init` (URLComponents) was a
/// fifth of the cost of reading a proof row, and the rows of one query nearly always share their mint.
package final class MintURLMemo {
    package init() {}

    private var last: (text: String, url: MintURL)?

    package func url(_ text: String) throws -> MintURL {
        if let last, last.text == text { return last.url }
        let url = try MintURL(text)
        last = (text, url)
        return url
    }
}
