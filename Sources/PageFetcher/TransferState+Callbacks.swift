import NetworkAddress
import CCurl
import CCurlShim
#if canImport(Glibc)
    import Glibc
#endif

// libcurl's callbacks, as free functions: they run on the thread of `curl_easy_perform` and
// reach their `TransferState` through the `void *` curl passes back.

/// CURLOPT_WRITEFUNCTION: the decoded body arrives here. Answering a count other than the
/// one given makes curl stop the transfer with CURLE_WRITE_ERROR.
func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard length > 0 else { return 0 }
    return state.receive(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_OPENSOCKETFUNCTION: called with the resolved address before every new connection,
/// redirects included, so the address judged is the one connected to. No socket for an
/// address the policy refuses: curl then fails with CURLE_COULDNT_CONNECT.
func openAdmittedSocket(
    _ context: UnsafeMutableRawPointer?, _ purpose: curlsocktype, _ address: UnsafeMutablePointer<curl_sockaddr>?
) -> curl_socket_t {
    guard let context, let address else { return CURL_SOCKET_BAD }
    let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
    let ip = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer -> IPAddress? in
        let count = rt_curl_address_bytes(address, buffer.baseAddress!)
        return IPAddress(bytes: buffer.prefix(Int(count)))
    }
    guard state.mayConnect(to: ip) else { return CURL_SOCKET_BAD }
    let entry = address.pointee
    return socket(entry.family, entry.socktype | Int32(SOCK_CLOEXEC.rawValue), entry.protocol)
}
