import Hummingbird

extension AppServices {
    /// Where links that leave this server point: the public URL when there is one, else the address the request
    /// came to.
    func linkBase(_ request: Request) -> String {
        if let publicURL = configuration.publicURL { return publicURL.text }
        guard let authority = request.head.authority, !authority.isEmpty else { return configuration.displayURL }
        return "http://" + authority
    }
}
