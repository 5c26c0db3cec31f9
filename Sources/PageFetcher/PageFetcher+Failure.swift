import CCurl

extension PageFetcher {
    /// The `FetchError` for a transfer that ended with `code`. What the callbacks noticed
    /// comes first: their refusals reach curl only as a generic connect or write error.
    func failure(_ code: CURLcode, handle: CurlHandle, state: TransferState, elapsed: Duration) -> FetchError {
        if code == CURLE_COULDNT_CONNECT, let address = state.refusedAddress {
            return .privateAddress(address)
        }
        if state.exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
            return .tooLarge(limit: max(0, policy.maximumBytes))
        }
        switch code {
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(limit: max(0, policy.maximumRedirects))
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(seconds: timeLimit(reachedAfter: elapsed))
        case CURLE_LOGIN_DENIED:
            // What CURLOPT_DISALLOW_USERNAME_IN_URL answers; curl's own words are only "Login denied".
            return .network("its address holds a user name or password, which are never sent")
        case CURLE_UNSUPPORTED_PROTOCOL:
            let target = handle.string(CURLINFO_REDIRECT_URL) ?? handle.string(CURLINFO_EFFECTIVE_URL) ?? ""
            return .notHTTP(URLText.withoutCredentials(target))
        default:
            return .network(handle.message(for: code))
        }
    }

    /// The limit that ran out: the connect time-out when the transfer stopped well before
    /// the whole one could have.
    private func timeLimit(reachedAfter elapsed: Duration) -> Double {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let connect = FetchPolicy.connectTimeout
        return connect < policy.timeout && seconds < policy.timeout - 0.5 ? connect : policy.timeout
    }
}
