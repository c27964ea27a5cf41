import DaybookDataFolder
import Logging

extension AppServices {
    /// Notes the public URL in the data folder, and on a locked server keeps the command line's token there.
    public func prepareLocalToken(logger: Logger) async {
        guard let folder = configuration.dataFolder else { return }
        LocalToken.note(publicURL: configuration.publicURL, folder: folder)
        guard requiresLogin, let database = gate.database else { return }
        let host = AppConfiguration.isLoopback(host: configuration.host) ? configuration.host : "127.0.0.1"
        let listening = AppConfiguration(host: host, port: configuration.port, dataFolder: nil).displayURL
        do {
            try await LocalToken.prepare(folder: folder, listening: listening, access: accessInteractor(database))
        } catch {
            logger.warning(
                "the command line's token could not be kept in the data folder: pass --token to its commands",
                metadata: ["reason": .string(String(describing: error))])
        }
    }
}
