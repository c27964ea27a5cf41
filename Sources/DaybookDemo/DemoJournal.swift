import DaybookCore
import DaybookStore
import Foundation
import GRDB

/// A demo journal: about a thousand entries a year of ~250 words each, in English, Korean, Japanese and
/// Chinese, made of sentences assembled from small phrase lists (deterministic for a seed).
struct DemoJournal {
    let first: DayKey
    let last: DayKey
    let timeZone: TimeZone

    /// Entries a year of history.
    static let entriesPerYear = 1000

    static let rarities = [
        "an albatross", "a narwhal", "a pangolin", "an axolotl", "a quokka", "a lyrebird", "an okapi", "a tapir",
        "a kakapo", "a wombat",
    ]

    /// Writes the entries with their tags and search index rows; returns how many.
    func write(_ db: Database, random: inout SeededGenerator) throws -> Int {
        let days = first.days(to: last) + 1
        let total = max(1, days * Self.entriesPerYear / 365)
        let lastBefore = try Int64.fetchOne(db, sql: "SELECT MAX(number) FROM journalEntry") ?? 0
        for n in 0..<total {
            let day = first.adding(days: n * days / total)
            let minutes = Int.random(in: 6 * 60...(23 * 60 + 30), using: &random)
            let moment = day.date(in: timeZone).addingTimeInterval(TimeInterval(minutes * 60))
            let language = DemoLanguage.pick(using: &random)
            var text = language.entry(words: Int.random(in: 180...320, using: &random), using: &random)
            // Now and then something rare: a word only a few entries hold.
            if Double.random(in: 0...1, using: &random) < 0.01 {
                let sighting = "Saw \(Self.rarities.randomElement(using: &random)!) today."
                text.body += "\n\n" + sighting
                text.plainText += "\n\n" + sighting
            }
            let tagCount = [0, 1, 1, 2, 2, 3].randomElement(using: &random)!
            let tags = Array(language.tags.shuffled(using: &random).prefix(tagCount))
            let content = JournalEntryContent(
                moment: moment, day: day, timeZone: timeZone.identifier, title: text.title, body: text.body,
                tags: tags, isStarred: Double.random(in: 0...1, using: &random) < 0.08,
                // Photos: demo photos are attached here once there are some (a cover id per ~20 entries).
                coverPhotoID: nil, place: DemoPlaces.place(forEntry: n))
            try AppDatabase.insertDemoEntry(
                db, id: "demo-entry-\(n)", content, plainText: text.plainText, createdAt: moment,
                updatedAt: moment.addingTimeInterval(TimeInterval(Int.random(in: 60...7200, using: &random))))
        }
        try AppDatabase.indexDemoEntries(db, after: lastBefore)
        return total
    }
}

/// The languages of the demo journal, each with its phrase lists.
private struct DemoLanguage {
    var titles: [String]
    var sentences: [String]
    /// Slot name → what may fill it; `{place}` in a sentence is replaced by one of `slots["place"]`.
    var slots: [String: [String]]
    var tags: [String]
    /// Between sentences: a space, or nothing for Chinese and Japanese.
    var space: String

    static func pick(using random: inout SeededGenerator) -> DemoLanguage {
        switch Double.random(in: 0...1, using: &random) {
        case ..<0.4: english
        case ..<0.65: korean
        case ..<0.85: japanese
        default: chinese
        }
    }

    struct Text {
        var title: String
        var body: String
        var plainText: String
    }

    /// An entry of about `words` words (`JournalText.wordCount`): paragraphs of three to six sentences, now and
    /// then a short list.
    func entry(words: Int, using random: inout SeededGenerator) -> Text {
        var paragraphs: [(markdown: String, plain: String)] = []
        var count = 0
        while count < words {
            if Double.random(in: 0...1, using: &random) < 0.1 {
                let items = (0..<Int.random(in: 2...4, using: &random)).map { _ in
                    fill(sentences.randomElement(using: &random)!, using: &random)
                }
                paragraphs.append(
                    (items.map { "- " + $0 }.joined(separator: "\n"), items.joined(separator: "\n")))
                count += items.reduce(0) { $0 + JournalText.wordCount($1) }
                continue
            }
            let paragraph = (0..<Int.random(in: 3...6, using: &random)).map { _ in
                fill(sentences.randomElement(using: &random)!, using: &random)
            }.joined(separator: space)
            paragraphs.append((paragraph, paragraph))
            count += JournalText.wordCount(paragraph)
        }
        return Text(
            title: fill(titles.randomElement(using: &random)!, using: &random),
            body: paragraphs.map(\.markdown).joined(separator: "\n\n"),
            plainText: paragraphs.map(\.plain).joined(separator: "\n\n"))
    }

    /// The template with each `{slot}` replaced; Korean particles written `을/를` agree with the word before.
    private func fill(_ template: String, using random: inout SeededGenerator) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += slots[name]?.randomElement(using: &random) ?? name
            rest = rest[rest.index(after: close)...]
            if let particle = Self.particles.first(where: { rest.hasPrefix($0.pattern) }) {
                result += Self.hasFinalConsonant(result.last) ? particle.afterConsonant : particle.afterVowel
                rest = rest.dropFirst(particle.pattern.count)
            }
        }
        return result + rest
    }

    private static let particles: [(pattern: String, afterConsonant: String, afterVowel: String)] = [
        ("을/를", "을", "를"), ("이/가", "이", "가"), ("은/는", "은", "는"), ("과/와", "과", "와"),
    ]

    /// Whether a Hangul syllable ends in a consonant (batchim); words ending in Latin letters count as vowels.
    private static func hasFinalConsonant(_ character: Character?) -> Bool {
        guard let value = character?.unicodeScalars.first?.value, (0xAC00...0xD7A3).contains(value) else {
            return false
        }
        return (value - 0xAC00) % 28 != 0
    }

    static let english = DemoLanguage(
        titles: [
            "A quiet morning", "Notes from {place}", "Rain again", "Small wins", "{person} came by", "Long day",
            "Sunday, slowly", "On {activity}", "Thinking about {thing}", "Back from {place}", "An ordinary Tuesday",
        ],
        sentences: [
            "In the {time} I went to {place} with {person}.",
            "We talked about {thing} for a long time, and I felt {feeling}.",
            "The {weather} made the walk to {place} easy.",
            "I spent an hour on {activity}, which was harder than I expected.",
            "{person} said something about {thing} that stayed with me.",
            "Tomorrow I want to try {activity} again, but earlier.",
            "Lunch was {food} at {place}; cheap, warm and exactly right.",
            "I keep thinking about {thing}.",
            "It was {weather} all afternoon, so I stayed in and worked on {activity}.",
            "On the way home I noticed {sight}.",
            "Small win today: {win}.",
            "Read a few chapters of {book} before bed.",
            "I wrote down three things I was grateful for, and {person} was one of them.",
            "Not much happened, and that was fine.",
        ],
        slots: [
            "time": ["morning", "early afternoon", "evening", "late evening"],
            "place": [
                "the library", "the café on the corner", "the park", "the market", "the office", "the beach",
                "the bookshop", "the river", "Busan", "Kyoto", "the old town",
            ],
            "person": ["Jun", "Mina", "Aiko", "Wei", "Sam", "Noor", "my sister", "an old friend"],
            "thing": [
                "moving house", "the new project", "the summer trip", "getting more sleep", "learning Korean",
                "the garden", "what to cook this week", "money", "my résumé",
            ],
            "feeling": ["calm", "a little tired", "hopeful", "restless", "grateful", "light"],
            "weather": ["clear sky", "cold wind", "soft rain", "grey light", "warm sun"],
            "activity": [
                "Swift practice", "running", "writing", "cooking", "piano practice", "tidying the desk", "sketching",
            ],
            "food": ["noodle soup", "a crème brûlée", "bibimbap", "a sandwich", "dumplings", "curry"],
            "sight": [
                "a cat asleep on a car", "the first cherry blossoms", "a red sunset", "a busker playing jazz",
                "a zeppelin drifting over the harbour", "children flying kites",
            ],
            "win": ["inbox zero", "a long run", "a finished draft", "an early night", "a phone call I had put off"],
            "book": ["a detective novel", "an essay collection", "a travel book", "a naïve little novel"],
        ],
        tags: ["travel", "work", "family", "reading", "running", "cooking", "music", "friends", "health", "ideas"],
        space: " ")

    static let korean = DemoLanguage(
        titles: [
            "조용한 아침", "{place}에서", "비 오는 날", "작은 성취", "{person}과/와 함께", "긴 하루", "느긋한 일요일",
            "{activity} 기록",
        ],
        sentences: [
            "{time}에 {person}과/와 함께 {place}에 갔다.",
            "{thing}에 대해 오래 이야기했고 마음이 {feeling}.",
            "{weather} 산책하기 좋았다.",
            "오늘은 {activity}에 한 시간을 썼다.",
            "점심으로 {food}을/를 먹었다.",
            "내일은 조금 더 일찍 일어나서 {activity}을/를 하고 싶다.",
            "집에 오는 길에 {sight}을/를 보았다.",
            "자기 전에 {book}을/를 몇 장 읽었다.",
            "{person}이/가 해 준 말이 계속 생각난다.",
            "특별한 일은 없었지만 괜찮은 하루였다.",
            "요즘 {thing}에 대해 자주 생각한다.",
        ],
        slots: [
            "time": ["아침", "점심", "오후", "저녁"],
            "place": ["학교", "도서관", "카페", "공원", "시장", "회사", "바닷가", "대학교", "한강", "서점", "東京"],
            "person": ["친구", "동생", "엄마", "지훈", "수아", "팀장님"],
            "thing": ["이사 계획", "새 프로젝트", "여름 여행", "건강", "진로", "책"],
            "feeling": ["편안했다", "조금 지쳤다", "설렜다", "가벼워졌다", "복잡했다"],
            "weather": ["하늘이 맑아서", "바람이 시원해서", "공기가 상쾌해서", "햇살이 따뜻해서"],
            "activity": ["Swift 공부", "달리기", "글쓰기", "요리", "피아노 연습", "정리", "영어 공부"],
            "food": ["김치찌개", "비빔밥", "떡볶이", "칼국수", "샌드위치", "김밥"],
            "sight": ["벚꽃", "노을", "고양이", "오래된 찻집", "연을 날리는 아이들"],
            "book": ["소설", "에세이", "여행 책", "시집"],
        ],
        tags: ["여행", "일", "가족", "독서", "운동", "요리", "음악", "친구"],
        space: " ")

    static let japanese = DemoLanguage(
        titles: ["静かな朝", "{place}にて", "また雨", "小さな達成", "{person}と", "長い一日", "のんびり日曜日", "{activity}の記録"],
        sentences: [
            "{time}、{person}と{place}へ行った。",
            "{thing}について長く話して、{feeling}。",
            "昼ごはんは{food}だった。",
            "今日は{activity}に一時間使った。",
            "帰り道に{sight}を見かけた。",
            "寝る前に{book}を少し読んだ。",
            "明日はもう少し早く起きて{activity}をしたい。",
            "{weather}ので、散歩が気持ちよかった。",
            "{person}の言葉がずっと心に残っている。",
            "特に何もない一日だったけれど、それでよかった。",
        ],
        slots: [
            "time": ["朝", "昼過ぎ", "夕方", "夜"],
            "place": ["東京", "京都", "駅前のカフェ", "図書館", "公園", "大学", "海辺", "本屋", "東京都庁"],
            "person": ["友達", "妹", "母", "田中さん", "同僚"],
            "thing": ["引っ越し", "新しい仕事", "夏の旅行", "健康", "将来のこと"],
            "feeling": ["楽しかった", "少し疲れた", "ほっとした", "わくわくした"],
            "weather": ["晴れていた", "風が涼しかった", "空気が澄んでいた"],
            "activity": ["Swiftの勉強", "ランニング", "日記", "料理", "ピアノの練習", "学校の準備"],
            "food": ["ラーメン", "お寿司", "カレー", "おにぎり", "うどん"],
            "sight": ["桜の木", "古い喫茶店", "夕焼け", "猫", "凧を揚げる子どもたち"],
            "book": ["小説", "エッセイ", "旅の本", "詩集"],
        ],
        tags: ["旅行", "仕事", "家族", "読書", "運動", "料理"],
        space: "")

    static let chinese = DemoLanguage(
        titles: ["安静的早晨", "在{place}", "又下雨了", "小小的成就", "和{person}一起", "漫长的一天", "慢慢的星期天"],
        sentences: [
            "{time}和{person}一起去了{place}。",
            "我们聊了很久{thing}，我觉得{feeling}。",
            "午饭吃了{food}。",
            "今天花了一个小时{activity}。",
            "回家的路上看到了{sight}。",
            "睡觉前读了几页{book}。",
            "明天想早一点起床{activity}。",
            "{weather}，散步很舒服。",
            "{person}说的话一直留在我心里。",
            "没有什么特别的事，但这样也很好。",
        ],
        slots: [
            "time": ["早上", "中午", "下午", "晚上"],
            "place": ["北京", "上海", "学校", "图书馆", "咖啡馆", "公园", "大学", "书店", "海边", "东京"],
            "person": ["朋友", "妹妹", "妈妈", "小王", "同事"],
            "thing": ["搬家", "新工作", "暑假旅行", "健康", "未来的计划"],
            "feeling": ["很开心", "有点累", "很放松", "很兴奋"],
            "weather": ["天气很晴朗", "风很凉快", "空气很清新"],
            "activity": ["学习Swift", "跑步", "写日记", "做饭", "练钢琴", "学习中文"],
            "food": ["饺子", "面条", "火锅", "包子", "米饭和青菜"],
            "sight": ["一棵樱花树", "一家老茶馆", "晚霞", "一只猫", "放风筝的孩子们"],
            "book": ["小说", "散文", "旅行书", "诗集"],
        ],
        tags: ["旅行", "工作", "家人", "读书", "运动", "做饭"],
        space: "")
}

extension AppDatabase {
    /// Makes the photos the covers of entries spread evenly over the journal, oldest first; returns how many.
    public func attachDemoCovers(_ photoIDs: [String]) async throws -> Int {
        guard !photoIDs.isEmpty else { return 0 }
        return try await writer.write { db in
            let entries = try String.fetchAll(
                db, sql: "SELECT id FROM journalEntry WHERE deletedAt IS NULL ORDER BY moment, id")
            guard !entries.isEmpty else { return 0 }
            let count = min(photoIDs.count, entries.count)
            for index in 0..<count {
                try db.execute(
                    sql: "UPDATE journalEntry SET coverPhotoID = ? WHERE id = ?",
                    arguments: [photoIDs[index], entries[index * entries.count / count]])
            }
            return count
        }
    }
}
