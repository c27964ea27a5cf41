/// Names a browser from its User-Agent, as the owner would: `iPhone · Safari`, `Windows · Firefox`.
public enum DeviceName {
    /// The platform and browser an agent string names, joined by ` · `; either is left out when not recognised,
    /// and the name is empty when neither is.
    public static func from(userAgent: String?) -> String {
        guard let agent = userAgent?.prefix(512) else { return "" }
        let text = String(agent)
        return [platform(text), browser(text)].compactMap { $0 }.joined(separator: " · ")
    }

    static func platform(_ agent: String) -> String? {
        let platforms: [(marker: String, name: String)] = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "ChromeOS"),
            ("Macintosh", "Mac"), ("Windows", "Windows"), ("Linux", "Linux"),
        ]
        return platforms.first { agent.contains($0.marker) }?.name
    }

    /// The first marker found wins: browsers built on another's engine name that engine's browser too (Edge says
    /// Chrome and Safari; Chrome says Safari).
    static func browser(_ agent: String) -> String? {
        let browsers: [(marker: String, name: String)] = [
            ("CriOS/", "Chrome"), ("FxiOS/", "Firefox"), ("EdgiOS/", "Edge"), ("EdgA/", "Edge"), ("Edg/", "Edge"),
            ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"), ("Firefox/", "Firefox"),
            ("Chromium/", "Chromium"), ("HeadlessChrome/", "Chrome"), ("Chrome/", "Chrome"), ("Safari/", "Safari"),
        ]
        return browsers.first { agent.contains($0.marker) }?.name
    }
}
