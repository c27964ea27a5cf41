import ArgumentParser
import Dispatch
import Foundation

/// Where `daybook` starts.
///
/// The quickest commands (`journal search`, `focus status`), named with simple arguments, run here at once
/// on the main thread, with blocking I/O: they make one request and print its answer, and Swift
/// concurrency's main task, dispatch's worker threads and ArgumentParser's tree of commands would cost more
/// than the request. Everything else is ArgumentParser's: `Daybook.start` in a task on the main actor, as an
/// asynchronous `main` would run it.
@main
enum Program {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let run = QuickCommand.reading(arguments) {
            do {
                try run()
            } catch let problem as APIClient.Failure {
                Daybook.exit(withError: failure(problem.description))
            } catch {
                Daybook.exit(withError: error)
            }
            return
        }
        Task { @MainActor in
            await Daybook.start(arguments)
            exit(0)
        }
        dispatchMain()
    }
}
