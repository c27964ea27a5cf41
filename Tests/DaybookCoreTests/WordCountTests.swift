import Testing

@testable import DaybookCore

@Suite("Word counts")
struct WordCountTests {
    @Test(
        "words are counted as a journal app counts them, in every script",
        arguments: [
            ("", 0), ("   \n\t ", 0), ("Hello, world!", 2), ("don't stop — it's e-mail time", 5),
            ("2026 was a good year", 5), ("naïve café", 2), ("🎉 — …", 0),
            ("오늘은 학교에 갔다", 3), ("학교에서 친구를 만났다.", 3),
            ("東京タワーに行った", 9), ("今日は晴れ。", 5), ("我今天去了学校", 7),
            ("I went to 東京 with 민아", 7), ("ｶﾀｶﾅ", 4), ("〇々", 2),
        ])
    func counts(text: String, words: Int) {
        #expect(WordCount.words(in: text) == words)
    }
}
