import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

extension DestinationFile {
    /// Builds the value tree of an XML property list with `XMLParser`, noting the line each
    /// value starts on. External entities are never resolved, and a document that declares
    /// entities of its own is refused outright (the parser would otherwise drop or expand them),
    /// whatever its encoding (`checkText` reads the text decoded).
    final class PropertyListTreeBuilder: NSObject, XMLParserDelegate {
        /// An element being read: its line, where it sits, and what it has gathered so far.
        private struct Frame {
            var element: String
            var line: Int
            var keyPath: String
            var text = ""
            var items: [Value] = []
            var entries: [String: Value] = [:]
            var pendingKey: String?
            var child: Value?
        }

        private static let textElements: Set = ["key", "string", "real", "integer", "date", "data"]
        private static let valueElements: Set = ["dict", "array", "string", "real", "integer", "date", "data", "true", "false"]

        private var stack: [Frame] = []
        private var root: Value?
        private var failure: DestinationFileError?
        private var syntaxError: (code: Int, line: Int, column: Int)?

        static func tree(of data: Data) throws(DestinationFileError) -> Value {
            if data.starts(with: Array("bplist".utf8)) {
                throw DestinationFileError(
                    reason: "is a binary property list; convert it to XML first (plutil -convert xml1)"
                )
            }
            // The encoding it declares is one RoadTrip reads (a UTF-7 document could spell its
            // markup in letters), then its text as libxml2 will decode it holds nothing that
            // FoundationXML traps on, and no entities.
            try DestinationFile.checkDeclarations(of: data)
            try checkText(of: data)
            let builder = PropertyListTreeBuilder()
            let parser = XMLParser(data: data)
            parser.shouldResolveExternalEntities = false
            parser.shouldProcessNamespaces = false
            parser.delegate = builder
            let finished = parser.parse()
            if let failure = builder.failure { throw failure }
            if let syntax = builder.syntaxError {
                throw DestinationFileError(
                    line: syntax.line,
                    reason: "not well-formed XML: \(xmlProblem(code: syntax.code)) (column \(syntax.column))"
                )
            }
            guard finished, let root = builder.root else {
                throw DestinationFileError(reason: "not a property list: there is no <plist> element")
            }
            return root
        }

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            guard failure == nil else { return }
            let line = parser.lineNumber
            guard let parent = stack.last else {
                guard element == "plist", root == nil else {
                    return fail(parser, line: line, "not a property list: the document is <\(element)>, not <plist>")
                }
                stack.append(Frame(element: element, line: line, keyPath: ""))
                return
            }
            guard stack.count <= DestinationFile.maximumNesting else {
                return fail(parser, line: line, keyPath: parent.keyPath, "values nested too deeply")
            }
            guard !Self.textElements.contains(parent.element), parent.element != "true", parent.element != "false" else {
                return fail(parser, line: line, keyPath: parent.keyPath, "<\(element)> inside <\(parent.element)>")
            }
            if element == "key" {
                guard parent.element == "dict", parent.pendingKey == nil else {
                    let problem = parent.element == "dict" ? "two <key>s in a row" : "<key> outside a <dict>"
                    return fail(parser, line: line, keyPath: parent.keyPath, problem)
                }
                stack.append(Frame(element: element, line: line, keyPath: parent.keyPath))
                return
            }
            let keyPath: String
            switch parent.element {
            case "dict":
                guard let key = parent.pendingKey else {
                    return fail(parser, line: line, keyPath: parent.keyPath, "<\(element)> has no <key> before it")
                }
                keyPath = DestinationFile.keyPath(parent.keyPath, key: key)
            case "array": keyPath = DestinationFile.keyPath(parent.keyPath, index: parent.items.count)
            default: keyPath = parent.keyPath
            }
            guard Self.valueElements.contains(element) else {
                return fail(parser, line: line, keyPath: keyPath, "<\(element)> is not a property list element")
            }
            stack.append(Frame(element: element, line: line, keyPath: keyPath))
        }

        func parser(_ parser: XMLParser, foundCharacters text: String) {
            guard failure == nil, let top = stack.indices.last else { return }
            if Self.textElements.contains(stack[top].element) {
                stack[top].text += text
            } else if !text.allSatisfy(\.isWhitespace) {
                fail(parser, line: parser.lineNumber, keyPath: stack[top].keyPath, "text outside a value")
            }
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            self.parser(parser, foundCharacters: String(decoding: block, as: UTF8.self))
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard failure == nil, let frame = stack.popLast() else { return }
            if frame.element == "plist" {
                guard let child = frame.child else { return fail(parser, line: frame.line, "<plist> holds no value") }
                root = child
                return
            }
            if frame.element == "key" {
                let top = stack.count - 1
                guard stack[top].entries[frame.text] == nil else {
                    let path = DestinationFile.keyPath(frame.keyPath, key: frame.text)
                    return fail(parser, line: frame.line, keyPath: path, "the key appears twice")
                }
                stack[top].pendingKey = frame.text
                return
            }
            guard let value = value(of: frame, parser) else { return }
            attach(value, keyPath: frame.keyPath, parser)
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
            guard syntaxError == nil else { return }
            syntaxError = ((error as NSError).code, parser.lineNumber, parser.columnNumber)
        }

        private func value(of frame: Frame, _ parser: XMLParser) -> Value? {
            let content: Value.Content
            switch frame.element {
            case "dict":
                if let key = frame.pendingKey {
                    let path = DestinationFile.keyPath(frame.keyPath, key: key)
                    fail(parser, line: frame.line, keyPath: path, "the <key> has no value")
                    return nil
                }
                content = .dictionary(frame.entries)
            case "array": content = .array(frame.items)
            case "string": content = .string(frame.text)
            case "real", "integer":
                let text = frame.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard let number = DestinationFile.decimalNumber(text, integerOnly: frame.element == "integer") else {
                    let found = Value.quoted(text)
                    fail(parser, line: frame.line, keyPath: frame.keyPath, "<\(frame.element)> holds \(found), not a number")
                    return nil
                }
                content = .number(number, text: text)
            case "true": content = .boolean(true)
            case "false": content = .boolean(false)
            case "date": content = .other("a date")
            default: content = .other("data")
            }
            return Value(content: content, line: frame.line)
        }

        private func attach(_ value: Value, keyPath: String, _ parser: XMLParser) {
            let top = stack.count - 1
            switch stack[top].element {
            case "dict":
                if let key = stack[top].pendingKey { stack[top].entries[key] = value }
                stack[top].pendingKey = nil
            case "array":
                stack[top].items.append(value)
            default:
                guard stack[top].child == nil else {
                    return fail(parser, line: value.line ?? 0, "<plist> holds more than one value")
                }
                stack[top].child = value
            }
        }

        private func fail(_ parser: XMLParser, line: Int, keyPath: String? = nil, _ reason: String) {
            guard failure == nil else { return }
            failure = DestinationFileError(line: line, keyPath: keyPath?.isEmpty == true ? nil : keyPath, reason: reason)
            parser.abortParsing()
        }
    }
}
