import Foundation

extension DestinationFile {
    /// Builds the value tree of a JSON catalogue with `JSONSerialization`. JSON values carry no
    /// line; a syntax error carries the line and column of the byte Foundation points at.
    enum JSONTreeBuilder {
        static func tree(of data: Data) throws(DestinationFileError) -> Value {
            let object: Any
            do {
                object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                throw syntaxError(error, in: data)
            }
            return try value(of: object, keyPath: nil, depth: 0)
        }

        private static func value(of object: Any, keyPath: String?, depth: Int) throws(DestinationFileError) -> Value {
            guard depth <= DestinationFile.maximumNesting else {
                throw DestinationFileError(keyPath: keyPath, reason: "values nested too deeply")
            }
            let content: Value.Content
            switch object {
            case let text as String:
                content = .string(text)
            case let number as NSNumber:
                // JSON's true and false arrive as NSNumbers too; only they have the type code of a C char.
                if String(cString: number.objCType) == "c" {
                    content = .boolean(number.boolValue)
                } else {
                    content = .number(number.doubleValue, text: number.stringValue)
                }
            case let list as [Any]:
                var items: [Value] = []
                items.reserveCapacity(list.count)
                for (index, item) in list.enumerated() {
                    let path = DestinationFile.keyPath(keyPath, index: index)
                    items.append(try value(of: item, keyPath: path, depth: depth + 1))
                }
                content = .array(items)
            case let object as [String: Any]:
                var entries: [String: Value] = [:]
                for (key, item) in object {
                    let path = DestinationFile.keyPath(keyPath, key: key)
                    entries[key] = try value(of: item, keyPath: path, depth: depth + 1)
                }
                content = .dictionary(entries)
            default:
                content = .other("null")
            }
            return Value(content: content, line: nil)
        }

        /// Foundation words its syntax errors "… around character 13." with a byte offset;
        /// turn that offset into the line and column a person looks for.
        private static func syntaxError(_ error: any Error, in data: Data) -> DestinationFileError {
            let message =
                (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                ?? error.localizedDescription
            guard let range = message.range(of: "character "),
                let offset = Int(message[range.upperBound...].prefix(while: \.isNumber)),
                offset <= data.count
            else {
                return DestinationFileError(reason: "not valid JSON: \(message)")
            }
            let before = data.prefix(offset)
            let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
            // Count characters, not bytes: UTF-8 continuation bytes look like 0b10xxxxxx.
            let column = before[lineStart...].count(where: { $0 & 0xC0 != 0x80 }) + 1
            return DestinationFileError(line: line, reason: "not valid JSON: \(message) (column \(column))")
        }
    }
}
