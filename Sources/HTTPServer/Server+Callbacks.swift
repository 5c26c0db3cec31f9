import CMicroHTTPD
import CMicroHTTPDShim
#if canImport(Glibc)
import Glibc
#endif

// libmicrohttpd calls these from its own threads. They are free functions, not closures, so
// that no actor isolation is attached to them, and they reach the server through `cls`.

/// Called first when a request's headers have arrived, then once per chunk of body, then
/// once more with nothing left to read: that last call answers.
func accessHandler(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>?, requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let requestContext, let uploadDataSize else { return MHD_Result.NO }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()

    guard let stored = requestContext.pointee else {
        let state = RequestState(method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/")
        requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
        context.requestStarted()
        if let length = headerValue(connection, "Content-Length").flatMap(UInt64.init), length > UInt64(context.maximumBodySize) {
            return queue(.text("The request body is larger than \(context.maximumBodySize) bytes.\n", status: .contentTooLarge), state: state, on: connection)
        }
        return MHD_Result.YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(stored).takeUnretainedValue()

    if uploadDataSize.pointee > 0 {
        // A body without Content-Length (chunked) is counted as it arrives and dropped once too big.
        if !state.bodyTooLarge, let uploadData {
            if state.body.count + uploadDataSize.pointee > context.maximumBodySize {
                state.bodyTooLarge = true
                state.body = []
            } else {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadDataSize.pointee) {
                    state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadDataSize.pointee))
                }
            }
        }
        uploadDataSize.pointee = 0
        return MHD_Result.YES
    }

    if state.bodyTooLarge {
        return queue(.text("The request body is larger than \(context.maximumBodySize) bytes.\n", status: .contentTooLarge), state: state, on: connection)
    }
    let request = Request(
        method: state.method,
        path: state.path,
        query: connectionValues(connection, kind: MHD_ValueKind.GET_ARGUMENT_KIND),
        headers: Headers(fields: connectionValues(connection, kind: MHD_ValueKind.HEADER_KIND)),
        body: state.body,
        clientAddress: clientAddress(connection)
    )
    state.body = []
    return queue(context.handler(request), state: state, on: connection)
}

/// Called when a request is over, answered or not: writes its access-log line.
func requestCompleted(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, reason: MHD_RequestTerminationCode
) {
    guard let cls, let stored = requestContext?.pointee else { return }
    requestContext?.pointee = nil
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(stored).takeRetainedValue()
    context.log(AccessLog.line(method: state.method, path: state.path, status: state.status, elapsed: ContinuousClock.now - state.started))
    context.requestFinished()
}

func forwardDaemonMessage(context: UnsafeMutableRawPointer?, message: UnsafePointer<CChar>?) {
    guard let context, let message else { return }
    Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue().log("libmicrohttpd: " + String(cString: message))
}

private func queue(_ response: Response, state: RequestState, on connection: OpaquePointer) -> MHD_Result {
    var response = response
    guard let answer = makeDaemonResponse(&response) else {
        state.status = 500
        return MHD_Result.NO
    }
    defer { MHD_destroy_response(answer) }
    for field in response.headers where MHD_add_response_header(answer, field.name, field.value) != MHD_Result.YES {
        // A header value with a line break: never sent, the request fails instead.
        state.status = 500
        return MHD_Result.NO
    }
    state.status = response.status.code
    return MHD_queue_response(connection, UInt32(response.status.code), answer)
}

private func makeDaemonResponse(_ response: inout Response) -> OpaquePointer? {
    switch response.body {
    case .bytes(let bytes):
        return bytes.withUnsafeBytes { buffer in
            MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
    case .file(let path, let size):
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            response = .text("Not found\n", status: .notFound)
            return makeDaemonResponse(&response)
        }
        // libmicrohttpd closes the descriptor when it is done with the response.
        guard let answer = MHD_create_response_from_fd64(size, fd) else {
            close(fd)
            return nil
        }
        return answer
    }
}

private func headerValue(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name).map { String(cString: $0) }
}

private final class PairCollector {
    var pairs: [(name: String, value: String)] = []
}

private func connectionValues(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
    let collector = PairCollector()
    _ = withExtendedLifetime(collector) {
        MHD_get_connection_values(connection, kind, collectPair, Unmanaged.passUnretained(collector).toOpaque())
    }
    return collector.pairs
}

private func collectPair(cls: UnsafeMutableRawPointer?, kind: MHD_ValueKind, key: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?) -> MHD_Result {
    guard let cls, let key else { return MHD_Result.YES }
    let collector = Unmanaged<PairCollector>.fromOpaque(cls).takeUnretainedValue()
    collector.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return MHD_Result.YES
}

private func clientAddress(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    return buffer.withUnsafeMutableBufferPointer { pointer in
        rt_mhd_client_address(connection, pointer.baseAddress, pointer.count)
        return String(cString: pointer.baseAddress!)
    }
}
