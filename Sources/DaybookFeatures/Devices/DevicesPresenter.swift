import DaybookCore
import Foundation

public enum DevicesPresenter {
    /// Settings → Devices; `current` is the id of the device looking at it, `created` a link just made.
    public static func present(
        devices: [LoginDevice], current: String?, availability: Devices.Availability,
        created: Devices.Pairing? = nil, ended: Bool = false, localizer: Localizer
    ) -> Devices.ViewModel {
        Devices.ViewModel(
            title: localizer("devices.title"), heading: localizer("devices.heading"),
            explanation: localizer("devices.explanation"),
            devices: devices.map { row($0, isCurrent: $0.id == current, localizer: localizer) },
            emptyText: devices.isEmpty
                ? localizer(availability == .noLogin ? "devices.noLogin" : "devices.empty") : nil,
            flash: ended ? localizer("devices.ended") : nil,
            addPhone: addPhone(availability, created: created, localizer: localizer))
    }

    static func row(_ device: LoginDevice, isCurrent: Bool, localizer: Localizer) -> Devices.DeviceRow {
        let name = name(of: device, localizer: localizer)
        return Devices.DeviceRow(
            id: device.id, name: name,
            detail: [
                localizer("devices.added", day(device.createdAt, localizer)),
                localizer("devices.lastSeen", day(device.lastSeenAt, localizer)),
            ]
            .joined(separator: " · "),
            currentLabel: isCurrent ? localizer("devices.thisDevice") : nil, endLabel: localizer("devices.end"),
            endAccessibleLabel: localizer("devices.end.named", name))
    }

    /// "Nov 27, 2026": a session's times are kept to the hour, so the day says enough.
    static func day(_ date: Date, _ localizer: Localizer) -> String {
        localizer.day(DayKey(date: date, timeZone: localizer.timeZone), weekday: false, year: true)
    }

    public static func name(of device: LoginDevice, localizer: Localizer) -> String {
        device.name.isEmpty ? localizer("devices.unknownBrowser") : device.name
    }

    static func addPhone(_ availability: Devices.Availability, created: Devices.Pairing?, localizer: Localizer)
        -> Devices.AddPhone
    {
        var section = Devices.AddPhone(
            heading: localizer("devices.addPhone.heading"), explanation: localizer("devices.addPhone.explanation"))
        switch availability {
        case .noLogin: section.unavailable = localizer("devices.addPhone.noLogin")
        case .needsPublicURL: section.unavailable = localizer("devices.addPhone.needsPublicURL")
        case .ready(let publicURL):
            section.createLabel = localizer(created == nil ? "devices.addPhone.create" : "devices.addPhone.again")
            section.created = created.map {
                Devices.CreatedLink(
                    link: $0.link(publicURL: publicURL), codeLabel: localizer("devices.addPhone.codeLabel"),
                    note: localizer("devices.addPhone.note", localizer.time($0.expiresAt)))
            }
        }
        return section
    }

    /// The page a pairing link opens; after a refusal, `problem` says why.
    public static func presentPair(problem: Devices.Problem? = nil, localizer: Localizer) -> Devices.PairPage {
        Devices.PairPage(
            title: localizer("pair.title"), lead: localizer("pair.lead"), continueLabel: localizer("pair.continue"),
            signInLabel: localizer("login.signIn"),
            error: problem.map { message(for: $0, localizer: localizer) },
            help: problem == nil ? nil : localizer("pair.help"))
    }

    public static func message(for problem: Devices.Problem, localizer: Localizer) -> String {
        switch problem {
        case .alreadyUsed: localizer("pair.error.used")
        case .expired: localizer("pair.error.expired")
        case .unknownLink: localizer("pair.error.unknown")
        case .throttled(let seconds):
            AccessPresenter.message(
                for: Access.Login.Problem.throttled(retryAfterSeconds: seconds), localizer: localizer)
        case .unknownDevice: localizer("devices.error.unknown")
        }
    }

    /// Today's welcome on a phone just paired.
    public static func welcome(localizer: Localizer) -> Devices.Welcome {
        Devices.Welcome(
            heading: localizer("pair.welcome.heading"),
            steps: [localizer("pair.welcome.iPhone"), localizer("pair.welcome.android")])
    }
}
