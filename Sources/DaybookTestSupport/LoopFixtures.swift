import Foundation

/// Loop Habit Tracker exports written field by field as Loop's writer writes them (`HabitList.writeCSV`,
/// `HabitsCSVExporter`): OpenCSV quoting in `Habits.csv` and the habit folders, a hand-written `Checkmarks.csv`
/// with a trailing comma, newest day first.
public enum LoopFixtures {
    /// The current export: five habits, two of them named "Run", one numerical with an "at least" target, one
    /// numerical with an "at most" target, one archived; Korean, Japanese and emoji names.
    public static let habits = """
        Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
        001,명상,YES_NO,오늘 명상했나요?,,1,1,#FF8F00,,,,false
        002,早起き 🌅,YES_NO,"6時前に起きた, 本当に?","Before work.
        No phone in bed.",3,7,#00897B,,,,false
        003,Run,NUMERICAL,How far did you run?,,1,1,#1976D2,km,AT_LEAST,5.0,false
        004,Run,YES_NO,Did you run?,,2,7,#D32F2F,,,,true
        005,Cigarettes,NUMERICAL,,,1,1,#303030,,AT_MOST,0.0,false

        """

    public static let checkmarks = """
        Date,명상,早起き 🌅,Run,Run,Cigarettes,
        2025-02-05,YES_MANUAL,YES_AUTO,5300,YES_MANUAL,NO,
        2025-02-04,NO,YES_MANUAL,UNKNOWN,SKIP,2000,
        2025-02-03,SKIP,YES_MANUAL,12500,UNKNOWN,UNKNOWN,
        2025-02-02,UNKNOWN,SKIP,NO,YES_MANUAL,1000,
        2025-02-01,YES_MANUAL,YES_AUTO,UNKNOWN,YES_AUTO,UNKNOWN,

        """

    /// Each habit's folder (named as Loop strips names: only `[ a-zA-Z0-9._-]` stays) with its known days.
    public static let folders: [String: String] = [
        "001": """
        Date,Value,Notes
        2025-02-05,YES_MANUAL,"20분, ""깊게""\"
        2025-02-04,NO,아파서 쉼
        2025-02-03,SKIP,
        2025-02-01,YES_MANUAL,

        """,
        "002": """
        Date,Value,Notes
        2025-02-05,YES_AUTO,
        2025-02-04,YES_MANUAL,
        2025-02-03,YES_MANUAL,
        2025-02-02,SKIP,"旅行中
        (京都)"
        2025-02-01,YES_AUTO,

        """,
        "003 Run": """
        Date,Value,Notes
        2025-02-05,5300,
        2025-02-03,12500,Half marathon 🏃
        2025-02-02,NO,

        """,
        "004 Run": """
        Date,Value,Notes
        2025-02-05,YES_MANUAL,
        2025-02-04,SKIP,
        2025-02-02,YES_MANUAL,
        2025-02-01,YES_AUTO,

        """,
        "005 Cigarettes": """
        Date,Value,Notes
        2025-02-05,NO,
        2025-02-04,2000,
        2025-02-02,1000,

        """,
    ]

    /// What every form of the current export holds: each tracker's values by day.
    public static let values: [String: [String: Double]] = [
        "001:명상": ["2025-02-05": 1, "2025-02-01": 1],
        "002:早起き 🌅": ["2025-02-04": 1, "2025-02-03": 1],
        "003:Run": ["2025-02-05": 5.3, "2025-02-03": 12.5, "2025-02-02": 0],
        "004:Run": ["2025-02-05": 1, "2025-02-02": 1],
        "005:Cigarettes": ["2025-02-05": 0, "2025-02-04": 2, "2025-02-02": 1],
    ]

    /// An export of the versions that wrote numbers (before 2025), as a spreadsheet saves it again: a byte order
    /// mark and CRLF line ends; no Type column, so the pages habit is known to be numerical only by its amounts.
    public static let oldHabits = resaved(
        """
        Position,Name,Question,Description,NumRepetitions,Interval,Color
        001,Meditate,Did you meditate this morning?,,1,1,#FF8F00
        002,Wake up early,Did you wake up before 6am?,,2,3,#00897B
        003,Pages read,How many pages?,,1,1,#5E35B1

        """)

    public static let oldCheckmarks = resaved(
        """
        Date,Meditate,Wake up early,Pages read,
        2015-01-25,-1,2,12000,
        2015-01-24,2,0,0,
        2015-01-23,2,1,3500,
        2015-01-22,0,2,0,
        2015-01-21,3,2,-1,
        yesterday,2,2,2,
        2015-01-20,2,2,

        """)

    /// The old habit folders: no header, no notes.
    public static let oldFolders: [String: String] = [
        "001 Meditate": "2015-01-25,-1\n2015-01-24,2\n2015-01-23,2\n2015-01-22,0\n2015-01-21,3\n",
        "002 Wake up early": "2015-01-25,2\n2015-01-24,0\n2015-01-23,1\n2015-01-22,2\n2015-01-21,2\n",
        "003 Pages read": "2015-01-25,12000\n2015-01-24,0\n2015-01-23,3500\n2015-01-22,0\n",
    ]

    public static let oldValues: [String: [String: Double]] = [
        "001:Meditate": ["2015-01-24": 1, "2015-01-23": 1],
        "002:Wake up early": ["2015-01-25": 1, "2015-01-22": 1, "2015-01-21": 1],
        "003:Pages read": ["2015-01-25": 12, "2015-01-23": 3.5],
    ]

    /// A byte order mark and CRLF line ends, as a spreadsheet writes a CSV file back.
    public static func resaved(_ text: String) -> String {
        "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
    }
}
