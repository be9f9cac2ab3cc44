import NewsReader
import Tranquil

/// A short, scripted use of the app that prints what the container does.
struct ScriptedSession {
    let container: DIContainer

    func run() {
        step("start", "4 frameworks loaded: Network, Storage, Feed, Profile")

        let main: MainRouter = container.resolve()
        step("MainRouter", "made; login made yet: \(main.login.wasMade)")

        let news = main.news.value("news.example", 2)
        step("news", news.show().joined(separator: " · "))
        let feedClient = news.service.client as? AuthenticatedClient

        step("login", main.login.value.show() + " (made now: \(main.login.wasMade))")

        let before = main.profile.value.session
        step("profile", main.profile.value.show())

        NewsReaderApp.logout(container)
        let after = main.profile.value.session
        let feedUsesIt = feedClient?.session === after
        step("logout", "session dropped; new session: \(before !== after), feed uses it: \(feedUsesIt)")
    }

    private func step(_ title: String, _ text: String) {
        let padded = title + String(repeating: " ", count: max(1, 11 - title.count))
        print("\(padded)\(text)")
    }
}
