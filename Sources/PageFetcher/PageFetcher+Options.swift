import CCurl

extension PageFetcher {
    /// Every option the transfer runs with. What is left to libcurl's defaults is left on
    /// purpose: TLS verification on, no cookie engine, no .netrc, no credentials sent to
    /// another host after a redirect.
    func configure(_ handle: CurlHandle, url: String, context: UnsafeMutableRawPointer) throws(FetchError) {
        try handle.set(CURLOPT_URL, url, "URL")
        try handle.set(CURLOPT_PROTOCOLS_STR, "http,https", "PROTOCOLS_STR")
        try handle.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https", "REDIR_PROTOCOLS_STR")
        try handle.set(CURLOPT_FOLLOWLOCATION, 1, "FOLLOWLOCATION")
        // -1 would mean no limit.
        try handle.set(CURLOPT_MAXREDIRS, max(0, policy.maximumRedirects), "MAXREDIRS")

        // A proxy from the environment would be the address checked instead of the page's.
        try handle.set(CURLOPT_PROXY, "", "PROXY")
        // A user name in the address (or a redirect's) is refused rather than sent.
        try handle.set(CURLOPT_DISALLOW_USERNAME_IN_URL, 1, "DISALLOW_USERNAME_IN_URL")
        try handle.set(CURLOPT_USERAGENT, policy.userAgent, "USERAGENT")
        // "" offers every encoding this libcurl decodes; the write callback sees decoded bytes.
        try handle.set(CURLOPT_ACCEPT_ENCODING, "", "ACCEPT_ENCODING")

        // Signals cannot interrupt a thread safely; without this, curl uses SIGALRM for DNS timeouts.
        try handle.set(CURLOPT_NOSIGNAL, 1, "NOSIGNAL")
        let total = Self.milliseconds(policy.timeout)
        try handle.set(CURLOPT_TIMEOUT_MS, total, "TIMEOUT_MS")
        try handle.set(CURLOPT_CONNECTTIMEOUT_MS, min(total, Self.milliseconds(FetchPolicy.connectTimeout)), "CONNECTTIMEOUT_MS")

        // Refuses a declared Content-Length up front; the write callback counts the rest.
        try handle.set(CURLOPT_MAXFILESIZE_LARGE, offset: max(0, policy.maximumBytes), "MAXFILESIZE_LARGE")
        try handle.setWriteFunction(receiveBody)
        try handle.set(CURLOPT_WRITEDATA, pointer: context, "WRITEDATA")
        try handle.setOpenSocketFunction(openAdmittedSocket)
        try handle.set(CURLOPT_OPENSOCKETDATA, pointer: context, "OPENSOCKETDATA")
    }

    /// Whole milliseconds for curl, at least 1: curl reads 0 as "no time limit".
    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return Int(Int32.max) }
        return Int(min(max((seconds * 1000).rounded(.up), 1), Double(Int32.max)))
    }
}
