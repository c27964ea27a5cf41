import DaybookCore
import Foundation
import Hummingbird

/// `/widgets/scriptable.js`: a script for the Scriptable app that draws Daybook's widgets on an iPhone's Home Screen
/// and Lock Screen, with this server's address and the widgets (or shortcuts) token it was asked with filled in.
/// Only digests of tokens are stored, so the token presented is the only one a script can carry.
struct ScriptableRoutes {
    static let path = "/widgets/scriptable.js"
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get(RouterPath(Self.path)) { request, context in
            guard let token = context.token, let scope = context.tokenScope else {
                throw TokenAccess.Problem.scriptNeedsToken
            }
            guard scope == .widgets || scope == .shortcuts else { throw TokenAccess.Problem.scriptTokenScope }
            let localizer = try context.localizer
            let script = try ScriptableScript.make(
                address: services.linkBase(request), token: token, language: localizer.language.rawValue,
                timeZone: localizer.timeZone.identifier, strings: ScriptableScript.strings(localizer))
            return Response(
                status: .ok,
                headers: [
                    .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-store",
                    .contentDisposition: "inline; filename=\"Daybook.js\"",
                ],
                body: .init(byteBuffer: ByteBuffer(string: script)))
        }
    }

}

/// The script, put together from the resource files: a header, the settings it was made with, the drawing module
/// (`draw.js`) and the Scriptable layer (`scriptable-layer.js`).
enum ScriptableScript {
    static let folder = Bundle.module.url(forResource: "Scriptable", withExtension: nil)

    /// The two resource files, read once.
    static let parts: (draw: String, layer: String)? = {
        guard let folder,
            let draw = try? String(contentsOf: folder.appendingPathComponent("draw.js"), encoding: .utf8),
            let layer = try? String(contentsOf: folder.appendingPathComponent("scriptable-layer.js"), encoding: .utf8)
        else { return nil }
        return (draw, layer)
    }()

    /// The strings the script draws itself, in the owner's language; `%@` is filled in by the script.
    static func strings(_ localizer: Localizer) -> [String: String] {
        [
            "asOf": localizer("scriptable.asOf", "%@"),
            "unreachable": localizer("scriptable.unreachable"),
            "nothingKept": localizer("scriptable.nothingKept"),
            "refused": localizer("scriptable.refused"),
            "cannotShow": localizer("scriptable.cannotShow"),
            "unknownTitle": localizer("scriptable.unknownTitle"),
            "unknownParameter": localizer("scriptable.unknownParameter", "%1$@", "%2$@"),
        ]
    }

    static func make(address: String, token: String, language: String, timeZone: String, strings: [String: String])
        throws -> String
    {
        guard let parts else { throw StartupError.resourcesMissing("Scriptable") }
        struct Settings: Encodable {
            var address: String
            var token: String
            var language: String
            var timeZone: String
            var strings: [String: String]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let settings = try encoder.encode(
            Settings(address: address, token: token, language: language, timeZone: timeZone, strings: strings))
        let header = """
            // Daybook widgets for Scriptable (https://scriptable.app), made by \(address).
            // Paste this whole script into a new script in Scriptable, then add a Scriptable widget and choose it.
            // Widget parameter: empty lets the widget's size choose; or small, medium, circular, rectangular, tracker,
            // or tracker:ID for one tracker.
            // The token below lets this phone read Daybook's widgets and tick a yes/no tracker, nothing else: keep it
            // private, and revoke it in Settings → API tokens if the phone is lost.

            """
        return header + "const DAYBOOK = " + String(decoding: settings, as: UTF8.self) + ";\n\n" + parts.draw + "\n"
            + parts.layer
    }
}
