/// JSON strings written by hand for the export, which streams millions of values into `daybook.json` as it reads
/// them (an encoder would need them all at once) and writes each entry's front matter as YAML.
public enum JSONText {
    /// A JSON string: quotes, backslashes and control characters escaped, everything else as it is (UTF-8).
    /// It is also a valid YAML double-quoted string.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
