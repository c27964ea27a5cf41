import DaybookCore
import DaybookFeatures
import DaybookMedia
import Hummingbird

/// `/settings/devices`: every signed-in browser, to end any of them, and a one-time link to pair a phone.
struct DevicesRoutes {
    let services: AppServices

    func register(on router: Router<DaybookRequestContext>) {
        router.get("/settings/devices") { request, context in
            let env = try context.env
            return try await render(env, context, ended: request.uri.queryParameters["ended"] != nil)
        }
        router.post("/settings/devices/pair") { request, context in
            let env = try context.env
            guard case .ready = services.pairingAvailability else { return Response.seeOther("/settings/devices") }
            let pairing = try await env.devices.startPairing()
            return try await render(env, context, created: pairing)
        }
        router.post("/settings/devices/{id}/end") { request, context in
            let env = try context.env
            try await env.devices.end(device: context.parameters.require("id"))
            return Response.seeOther("/settings/devices?ended=1")
        }
    }

    private func render(
        _ env: PageEnvironment, _ context: DaybookRequestContext, created: Devices.Pairing? = nil, ended: Bool = false
    ) async throws -> Response {
        let model = DevicesPresenter.present(
            devices: try await env.devices.devices(), current: context.deviceID,
            availability: services.pairingAvailability, created: created, ended: ended, localizer: env.localizer)
        // The code as an image beside its link: drawn here, every text in it escaped.
        let qr = try model.addPhone.created.map {
            try QRCode($0.link).svg(label: $0.codeLabel)
        }
        return try env.render(
            "devices", page: model, title: model.title, current: .settings, context: context,
            markup: qr.map { ["qrCode": $0] } ?? [:])
    }
}
