import CMicroHTTPD
import CMicroHTTPDShim
#if canImport(Glibc)
    import Glibc
#endif
import SystemCalls

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
        let state = RequestState(
            method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/",
            configuration: context.configuration, ledger: context.spoolLedger
        )
        requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
        context.requestStarted()
        return headersArrived(state, context: context, connection: connection)
    }
    let state = Unmanaged<RequestState>.fromOpaque(stored).takeUnretainedValue()

    if uploadDataSize.pointee > 0 {
        let chunk = UnsafeRawBufferPointer(start: uploadData, count: uploadData == nil ? 0 : uploadDataSize.pointee)
        uploadDataSize.pointee = 0
        return state.receive(chunk) ? MHD_Result.YES : MHD_Result.NO
    }
    if let refusal = state.finishBody() {
        return queue(refusal, state: state, context: context, on: connection)
    }
    let request = Request(
        method: state.method,
        path: state.path,
        query: connectionValues(connection, kind: MHD_ValueKind.GET_ARGUMENT_KIND),
        headers: Headers(fields: connectionValues(connection, kind: MHD_ValueKind.HEADER_KIND)),
        body: state.body,
        clientAddress: clientAddress(connection),
        bodyFile: state.spool?.path
    )
    state.body = []
    let result = queue(context.respond(to: request), state: state, context: context, on: connection)
    // After queueing, so that even a response sending the body file back has opened it.
    state.discardSpool()
    return result
}

/// Refuses what can be refused before any body is read: malformed header fields (which
/// libmicrohttpd lets through and which could smuggle a second request), a declared body
/// over the limit, a spooled body the application does not admit (a stranger's upload), and
/// one that cannot be stored (a folder that cannot be made or is not private, the spool's
/// bounds reached, or too little free space for the declared length).
private func headersArrived(_ state: RequestState, context: ServerContext, connection: OpaquePointer) -> MHD_Result {
    let headers = connectionValues(connection, kind: MHD_ValueKind.HEADER_KIND)
    if context.configuration.strictParsing, let field = headers.first(where: { !HeaderSyntax.isValid($0) }) {
        return queue(
            .text("Malformed header field \"\(AccessLog.printable(field.name))\".\n", status: .badRequest), state: state, context: context,
            on: connection)
    }
    let length = headerValue(connection, "Content-Length").flatMap(UInt64.init)
    if let length, length > UInt64(state.bodyLimit) {
        return queue(.tooLarge(state.bodyLimit), state: state, context: context, on: connection)
    }
    guard let folder = state.spoolFolder else { return MHD_Result.YES }
    let head = RequestHead(
        method: state.method, path: state.path, query: connectionValues(connection, kind: MHD_ValueKind.GET_ARGUMENT_KIND),
        headers: Headers(fields: headers), clientAddress: clientAddress(connection), declaredLength: length
    )
    switch context.admitsSpooledBody(head) {
    case .refuse(let response):
        return queue(response, state: state, context: context, on: connection)
    case .accept(let owner):
        let expectsBody = (length ?? 0) > 0 || headerValue(connection, "Transfer-Encoding") != nil
        do throws(StorageError) {
            if expectsBody { try SpoolFolder.prepare(folder) }
            try state.admit(owner: owner, declaredLength: length)
        } catch {
            return queue(.insufficientStorage(error), state: state, context: context, on: connection)
        }
        return MHD_Result.YES
    }
}

/// Called when a request is over, answered or not: removes a spooled body that is left and
/// writes the access-log line.
func requestCompleted(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, reason: MHD_RequestTerminationCode
) {
    guard let cls, let stored = requestContext?.pointee else { return }
    requestContext?.pointee = nil
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(stored).takeRetainedValue()
    // Still there when the handler never ran: the client went away mid-upload.
    state.discardSpool()
    state.releaseReservation()
    let path = state.logPath ?? context.configuration.pathForLog(state.path)
    context.log(AccessLog.line(method: state.method, path: path, status: state.status, elapsed: ContinuousClock.now - state.started))
    context.requestFinished()
}

func forwardDaemonMessage(context: UnsafeMutableRawPointer?, message: UnsafePointer<CChar>?) {
    guard let context, let message else { return }
    Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue().log("libmicrohttpd: " + String(cString: message))
}

private func queue(_ response: Response, state: RequestState, context: ServerContext, on connection: OpaquePointer) -> MHD_Result {
    var response = response
    for (name, value) in context.configuration.headersOnEveryResponse where response.headers[name] == nil {
        response.headers[name] = value
    }
    if let result = send(response, state: state, on: connection) { return result }
    // A header with a line break in it is never sent: the answer becomes a plain 500.
    var fallback = Response.text("Internal server error\n", status: .internalServerError)
    fallback.headers = context.configuration.headersOnEveryResponse
    fallback.headers["Content-Type"] = "text/plain; charset=utf-8"
    return send(fallback, state: state, on: connection) ?? MHD_Result.NO
}

/// Nil when libmicrohttpd refused one of the response's headers.
private func send(_ response: Response, state: RequestState, on connection: OpaquePointer) -> MHD_Result? {
    var response = response
    guard let answer = makeDaemonResponse(&response) else {
        state.status = 500
        return MHD_Result.NO
    }
    defer { MHD_destroy_response(answer) }
    // libmicrohttpd writes Content-Length itself, from the body it sends.
    for field in response.headers where !field.name.caseInsensitiveEquals("Content-Length") {
        guard MHD_add_response_header(answer, field.name, field.value) == MHD_Result.YES else { return nil }
    }
    state.status = response.status.code
    state.logPath = response.logPath
    return MHD_queue_response(connection, UInt32(response.status.code), answer)
}

private func makeDaemonResponse(_ response: inout Response) -> OpaquePointer? {
    switch response.body {
    case .bytes(let bytes):
        return bytes.withUnsafeBytes { buffer in
            MHD_create_response_from_buffer(
                buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
    case .file(let path, let size):
        guard let fd = openUnchanged(path, size: size, &response) else { return makeDaemonResponse(&response) }
        return descriptorResponse(fd, size: size)
    case .fileRange(let path, let size, let offset, let length):
        guard let fd = openUnchanged(path, size: size, &response) else { return makeDaemonResponse(&response) }
        guard let answer = MHD_create_response_from_fd_at_offset64(length, fd, offset) else {
            close(fd)
            return nil
        }
        return answer
    case .stored(let body):
        guard let fd = body.duplicate() else { return nil }
        return descriptorResponse(fd, size: UInt64(body.count))
    case .headersOnly(let length):
        // libmicrohttpd sends Content-Length from the size given and, for a HEAD, never calls
        // the body callback. Called only for a GET given this by mistake, the callback answers
        // -2 (MHD_CONTENT_READER_END_WITH_ERROR, a macro Swift cannot import): the connection
        // is closed and no byte of body is sent.
        return MHD_create_response_from_callback(length, 4096, { _, _, _, _ in -2 }, nil, nil)
    }
}

/// The file at `path`, opened, when it still has the `size` the headers were computed for;
/// otherwise nil, with `response` made the answer to send instead.
private func openUnchanged(_ path: String, size: UInt64, _ response: inout Response) -> Int32? {
    guard let fd = try? systemCall("open", { open(path, O_RDONLY | O_CLOEXEC) }) else {
        response = .text("Not found\n", status: .notFound)
        return nil
    }
    // The headers describe the file as it was when the handler looked; if it was replaced
    // since, sending it would pair new bytes with the old ETag.
    var info = stat()
    guard fstat(fd, &info) == 0, UInt64(info.st_size) == size else {
        close(fd)
        response = .text("The file changed while it was being sent; please try again.\n", status: .serviceUnavailable)
        return nil
    }
    return fd
}

/// `size` bytes sent from `fd`, which libmicrohttpd closes when it is done with the response
/// (and this closes if libmicrohttpd refuses it).
private func descriptorResponse(_ fd: Int32, size: UInt64) -> OpaquePointer? {
    guard let answer = MHD_create_response_from_fd64(size, fd) else {
        close(fd)
        return nil
    }
    return answer
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

private func collectPair(cls: UnsafeMutableRawPointer?, kind: MHD_ValueKind, key: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?)
    -> MHD_Result
{
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
