import Foundation

/// Daylio files as Daylio writes them, written out by hand from the format: two backups' JSON (an old one, and a
/// 2023 one with custom moods, activity groups, titles, two entries on one day and photos) and two CSV exports.
public enum DaylioFixtures {
    /// An old backup: no titles, activity groups or photos, dates as `year`/`month` (from 0)/`day`/`hour`/`minute`,
    /// plain-text notes in Korean and Japanese with an emoji.
    public static let oldBackup = """
        {"version": 2, "isReminderOn": true,
         "customMoods": [
           {"id": 1, "custom_name": "", "mood_group_id": 1, "predefined_name_id": 1},
           {"id": 2, "custom_name": "", "mood_group_id": 2, "predefined_name_id": 2},
           {"id": 3, "custom_name": "", "mood_group_id": 3, "predefined_name_id": 3},
           {"id": 4, "custom_name": "", "mood_group_id": 4, "predefined_name_id": 4},
           {"id": 5, "custom_name": "", "mood_group_id": 5, "predefined_name_id": 5}],
         "tags": [{"id": 1, "name": "work"}, {"id": 2, "name": "가족"}],
         "dayEntries": [
           {"id": 2, "year": 2016, "month": 4, "day": 18, "hour": 23, "minute": 54, "mood": 2,
            "note": "오늘은 가족과 저녁을 먹었다.\\nとても楽しかった 🎉", "tags": [2]},
           {"id": 1, "year": 2016, "month": 4, "day": 17, "hour": 8, "minute": 5, "mood": 5, "note": "", "tags": [1]}
         ]}
        """

    /// The photo inside `newBackup`'s archive, and where Daylio puts it.
    public static let photoChecksum = "9f86d081884c7d659a2feaa0c55ad015"
    public static let photoPath = "assets/photos/2025/1/\(photoChecksum)"

    /// A version 15 backup (Android, 2023), newest first: a custom mood of the rad group and one of the meh group;
    /// activity groups; on 2 January an entry at 9:00 (bad) and one at 21:30 (ecstatic) with a title, HTML, a
    /// photo and a voice note; on 3 January a mood alone. The 9:00 entry's photo is not in the archive.
    public static let newBackup = """
        {"version": 15, "isReminderOn": false,
         "customMoods": [
           {"id": 1, "custom_name": "", "mood_group_id": 1, "mood_group_order": 0, "predefined_name_id": 1, "state": 0},
           {"id": 2, "custom_name": "", "mood_group_id": 2, "mood_group_order": 0, "predefined_name_id": 2, "state": 0},
           {"id": 3, "custom_name": "", "mood_group_id": 3, "mood_group_order": 0, "predefined_name_id": 3, "state": 0},
           {"id": 4, "custom_name": "", "mood_group_id": 4, "mood_group_order": 0, "predefined_name_id": 4, "state": 0},
           {"id": 5, "custom_name": "", "mood_group_id": 5, "mood_group_order": 0, "predefined_name_id": 5, "state": 0},
           {"id": 6, "custom_name": "ecstatic", "mood_group_id": 1, "mood_group_order": 1, "predefined_name_id": -1},
           {"id": 7, "custom_name": "so-so", "mood_group_id": 3, "mood_group_order": 1, "predefined_name_id": -1}],
         "tag_groups": [{"id": 1, "name": "Social", "order": 1, "is_expanded": true},
                        {"id": 2, "name": "취미", "order": 2, "is_expanded": true}],
         "tags": [{"id": 10, "name": "friends", "id_tag_group": 1, "icon": 3, "order": 1, "state": 0},
                  {"id": 11, "name": "독서", "id_tag_group": 2, "icon": 7, "order": 2, "state": 0},
                  {"id": 12, "name": "walk, park", "id_tag_group": 9, "icon": 8, "order": 3, "state": 0}],
         "assets": [
           {"id": 100, "type": 1, "checksum": "\(photoChecksum)", "createdAt": 1735821000000,
            "createdAtOffset": 32400000, "android_metadata": "{\\"Name\\":\\"IMG_1.jpg\\"}"},
           {"id": 101, "type": 2, "checksum": "aa11", "createdAt": 1735821000000, "createdAtOffset": 32400000},
           {"id": 102, "type": 1, "checksum": "0000missing", "createdAt": 1735776000000, "createdAtOffset": 32400000}],
         "dayEntries": [
           {"id": 3, "datetime": 1735859700000, "timeZoneOffset": 32400000, "mood": 7, "note": "",
            "note_title": "", "tags": [], "assets": []},
           {"id": 2, "datetime": 1735821000000, "timeZoneOffset": 32400000, "mood": 6, "note_title": "저녁 🍜",
            "note": "<p>Long dinner &amp; <b>talk</b></p><ul><li>ramen</li><li>tea</li></ul>友達と話した<br>😊",
            "tags": [10, 11], "assets": [100, 101]},
           {"id": 1, "datetime": 1735776000000, "timeZoneOffset": 32400000, "mood": 4, "note_title": "",
            "note": "Morning run", "tags": [12], "assets": [102]}
         ]}
        """

    /// The body `newBackup`'s dinner entry gets, with `photo` standing for the photo's link.
    public static func dinnerBody(photo: String) -> String {
        "Long dinner & **talk**\n\n- ramen\n- tea\n\n友達と話した\n😊\n\n![](\(photo))"
    }

    /// The CSV export: a byte order mark, CRLF, a `scales` column, a quoted note over two lines with commas and
    /// quotes, two custom mood names (so-so on line 2, ecstatic on line 6) and a date that does not exist (line 7).
    public static let commaCSV =
        "\u{FEFF}full_date,date,weekday,time,mood,activities,note_title,note,scales\r\n"
        + "2025-01-03,January 3,Friday,08:15,so-so,,,\"\",\r\n"
        + "2025-01-02,January 2,Thursday,21:30,Rad,\"friends | 독서\",\"저녁 🍜\",\"Long dinner, talk\r\n"
        + "友達と話した \"\"楽しい\"\"\",\r\n"
        + "2025-01-02,January 2,Thursday,9:00 AM,bad,walk,,Morning run,\r\n"
        + "2025-01-01,January 1,Wednesday,23:59,ecstatic,,,\"New year, new 🎉\",\r\n"
        + "2025-13-01,January 1,Wednesday,10:00,good,,,Broken date,\r\n"

    /// An older CSV with tabs, no `note_title`, 12-hour times and a Korean default mood name.
    public static let tabCSV =
        "full_date\tdate\tweekday\ttime\tmood\tactivities\tnote\n"
        + "2024-03-02\tMarch 2\tSaturday\t9:40 PM\tmeh\treading | tea\t\"Quiet evening\twith tea\"\n"
        + "2024-03-01\tMarch 1\tFriday\t12:05 am\tgood\t\tFirst note\n"
        + "2024-02-29\tFebruary 29\tThursday\t07:00\t최고\t\t\n"
}
