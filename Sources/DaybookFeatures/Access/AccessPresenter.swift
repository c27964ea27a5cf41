import DaybookCore
import Foundation

public enum AccessPresenter {
    public static func present(
        tokens: [APIToken], created: Access.CreatedToken? = nil, typedName: String = "", problem: Access.Problem? = nil,
        linkBase: String = "", now: Date, localizer: Localizer
    ) -> Access.ViewModel {
        Access.ViewModel(
            heading: localizer("access.heading"),
            explanation: localizer("access.explanation"),
            tokens: tokens.map { token in
                let created = localizer("access.token.created", localizer.longDate(token.createdAt))
                let used =
                    token.lastUsedAt.map { localizer("access.token.lastUsed", localizer.longDate($0)) }
                    ?? localizer("access.token.neverUsed")
                let expiry = token.expiresAt.map {
                    token.hasExpired(at: now)
                        ? localizer("access.token.expired") : localizer("access.token.expires", localizer.longDate($0))
                }
                return Access.TokenRow(
                    id: token.id, name: token.name,
                    detail: ([localizer("access.scope.\(token.scope.rawValue)"), created, used]
                        + [expiry].compactMap { $0 })
                        .joined(separator: " · "),
                    revokeLabel: localizer("access.token.revoke", token.name))
            },
            emptyText: localizer("access.empty"),
            newTokenName: FormField(
                id: "tokenName", label: localizer("access.newToken.label"), value: typedName,
                hint: localizer("access.newToken.hint"), error: problem.map { message(for: $0, localizer: localizer) },
                maxLength: APIToken.Limits.nameLength),
            scope: FormField(
                id: "tokenScope", label: localizer("access.scope.label"), value: TokenScope.full.rawValue,
                hint: localizer("access.scope.hint"),
                options: TokenScope.allCases.map {
                    FormOption(
                        value: $0.rawValue, label: localizer("access.scope.\($0.rawValue)"), isSelected: $0 == .full)
                }),
            lifetime: FormField(
                id: "tokenLifetime", label: localizer("access.lifetime.label"),
                value: Access.TokenLifetime.never.rawValue,
                options: Access.TokenLifetime.allCases.map {
                    FormOption(
                        value: $0.rawValue, label: localizer("access.lifetime.\($0)"), isSelected: $0 == .never)
                }),
            createLabel: localizer("access.create"),
            created: created.map {
                Access.Created(
                    heading: localizer("access.created.heading", $0.token.name), secret: $0.secret,
                    note: localizer(noteKey[$0.token.scope] ?? "access.created.note"),
                    widgetExample: example($0.token.scope, secret: $0.secret).map { linkBase + $0 })
            })
    }

    private static let noteKey: [TokenScope: String] = [
        .full: "access.created.note", .widgets: "access.created.widgetNote", .calendar: "access.created.calendarNote",
        .shortcuts: "access.created.shortcutsNote",
    ]

    /// Where a scoped token is used, with it filled in (a path; `present` puts the public address before it, as
    /// another app on a phone needs the whole address).
    private static func example(_ scope: TokenScope, secret: String) -> String? {
        switch scope {
        case .full: nil
        case .widgets: "/widgets/small?token=\(secret)"
        case .shortcuts: "/settings/iphone"
        case .calendar: "/feeds/tasks.ics?token=\(secret)"
        }
    }

    public static func message(for problem: Access.Problem, localizer: Localizer) -> String {
        switch problem {
        case .tokenName(let field): FieldProblemPresenter.message(for: field, localizer: localizer)
        case .tooManyTokens(let limit): localizer.plural("access.error.tooMany", count: limit)
        case .unknownToken: localizer("access.error.unknown")
        case .unknownChoice: FieldProblemPresenter.message(for: .unknownChoice, localizer: localizer)
        case .passphraseTooShort(let minimum): localizer.plural("access.error.passphraseShort", count: minimum)
        case .passphraseTooLong(let maximum): localizer.plural("access.error.passphraseLong", count: maximum)
        }
    }

    /// The sign-in page, going on to `next`; after a refusal, `problem` says why, and `ended` says this device's
    /// session was ended.
    public static func presentLogin(
        next: String, problem: Access.Login.Problem? = nil, ended: Bool = false, localizer: Localizer
    ) -> Access.Login.ViewModel {
        Access.Login.ViewModel(
            title: localizer("login.title"), lead: localizer("login.lead"),
            passphraseLabel: localizer("login.passphrase"), signInLabel: localizer("login.signIn"),
            error: problem.map { message(for: $0, localizer: localizer) },
            notice: ended ? localizer("login.ended") : nil, next: next)
    }

    public static func message(for problem: Access.Login.Problem, localizer: Localizer) -> String {
        switch problem {
        case .wrongPassphrase: localizer("login.error.wrong")
        case .throttled(let seconds):
            localizer.plural("login.error.throttled", count: Int((Double(seconds) / 60).rounded(.up)))
        }
    }
}
