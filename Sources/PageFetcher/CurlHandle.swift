import CCurl
import CCurlShim

/// One libcurl easy handle, with the buffer where curl explains a failure. Freed with the object.
/// Not shared: a handle serves one fetch on one thread.
final class CurlHandle {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// curl_global_init is thread-safe since 7.84 but must still run before the first handle;
    /// a static `let` runs it once, lazily, whichever thread gets there first.
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    init() throws(FetchError) {
        let initialised = Self.globalInit
        guard initialised == CURLE_OK else { throw .network(Self.text(of: initialised)) }
        guard let handle = curl_easy_init() else { throw .network("libcurl could not create a transfer") }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try check(rt_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), setting: "ERRORBUFFER")
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int, _ name: String) throws(FetchError) {
        try check(rt_curl_set_long(handle, option, value), setting: name)
    }

    func set(_ option: CURLoption, offset value: Int, _ name: String) throws(FetchError) {
        try check(rt_curl_set_offset(handle, option, curl_off_t(value)), setting: name)
    }

    func set(_ option: CURLoption, _ value: String, _ name: String) throws(FetchError) {
        try check(rt_curl_set_string(handle, option, value), setting: name)
    }

    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?, _ name: String) throws(FetchError) {
        try check(rt_curl_set_pointer(handle, option, value), setting: name)
    }

    func setWriteFunction(_ callback: curl_write_callback) throws(FetchError) {
        try check(rt_curl_set_write_function(handle, callback), setting: "WRITEFUNCTION")
    }

    func setOpenSocketFunction(_ callback: curl_opensocket_callback) throws(FetchError) {
        try check(rt_curl_set_opensocket_function(handle, callback), setting: "OPENSOCKETFUNCTION")
    }

    /// Runs the transfer to its end on this thread, calling the callbacks from it.
    func perform() -> CURLcode {
        errorBuffer[0] = 0
        return curl_easy_perform(handle)
    }

    /// The values of a header of the last response (after redirects), in order.
    func headerValues(_ name: String) -> [String] {
        var values: [String] = []
        var index = 0
        while true {
            var header: UnsafeMutablePointer<curl_header>?
            guard curl_easy_header(handle, name, index, UInt32(CURLH_HEADER), -1, &header) == CURLHE_OK,
                let found = header?.pointee
            else { break }
            values.append(String(cString: found.value))
            index += 1
            if index >= found.amount { break }
        }
        return values
    }

    func long(_ info: CURLINFO) -> Int? {
        var value = 0
        return rt_curl_get_long(handle, info, &value) == CURLE_OK ? value : nil
    }

    func string(_ info: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard rt_curl_get_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// What went wrong, in curl's most specific words: the error buffer when it was filled.
    func message(for code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? Self.text(of: code) : detail
    }

    private func check(_ code: CURLcode, setting name: String) throws(FetchError) {
        guard code == CURLE_OK else { throw .network("libcurl refused CURLOPT_\(name): \(Self.text(of: code))") }
    }

    private static func text(of code: CURLcode) -> String {
        String(cString: curl_easy_strerror(code))
    }
}
