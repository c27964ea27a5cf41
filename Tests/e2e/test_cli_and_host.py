"""The command-line client against a real server, and the loopback host guard."""

import http.client
import json
import os
import struct
import subprocess
import urllib.error
import zlib

from fixtures.pages import call
from fixtures.servers import daybook_binary


def run_cli(*args, server=None, env_extra=None, stdin=None):
    env = dict(os.environ)
    if server is not None:
        env["DAYBOOK_URL"] = server.url
    env.update(env_extra or {})
    return subprocess.run(
        [str(daybook_binary()), *args], capture_output=True, text=True, env=env, input=stdin, timeout=60
    )


def test_a_foreign_host_name_is_refused_on_loopback(server):
    # A page on another site that rebinds its DNS name to 127.0.0.1 still sends its own Host header.
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", "/", headers={"Host": f"evil.example:{server.port}"})
    response = connection.getresponse()
    assert response.status == 421
    assert "this computer" in response.read().decode()
    # Names that start like this computer's are someone else's all the same.
    for name in ("127.evil.example", "127.0.0.1.evil.example", "localhost.evil.example", "2130706433", "0x7f.1"):
        connection.request("GET", "/api/v1/entries", headers={"Host": f"{name}:{server.port}"})
        refused = connection.getresponse()
        refused.read()
        assert refused.status == 421, name
    connection.request("GET", "/onboarding", headers={"Host": f"localhost:{server.port}"})
    assert connection.getresponse().status == 200


def test_settings_through_the_cli(server):
    shown = run_cli("settings", "show", server=server)
    assert shown.returncode == 0, shown.stderr
    assert "language" in shown.stdout and "focusMinutes" in shown.stdout

    changed = run_cli("settings", "set", "name", "Mina", server=server)
    assert changed.returncode == 0, changed.stderr
    assert "name is now Mina" in changed.stdout

    as_json = run_cli("settings", "show", "--json", server=server)
    assert json.loads(as_json.stdout)["values"]["name"] == "Mina"

    refused = run_cli("settings", "set", "accentColor", "#12", server=server)
    assert refused.returncode != 0
    assert "hex code" in refused.stderr

    unknown = run_cli("settings", "set", "colour", "red", server=server)
    assert unknown.returncode != 0
    assert "not a setting" in unknown.stderr


def test_cli_says_plainly_when_no_server_runs():
    # The quick commands (`journal search`, `focus status`) have their own way to the server; same message.
    for command in (["settings", "show"], ["journal", "search", "harbour"], ["focus", "status"]):
        result = run_cli(*command, "--server", "http://127.0.0.1:9")
        assert result.returncode == 1, command
        assert "Could not reach Daybook at http://127.0.0.1:9. Is it running?" in result.stderr, command


def test_version_help_and_completions():
    version = run_cli("--version")
    assert version.returncode == 0 and version.stdout.strip()[0].isdigit()
    assert "settings" in run_cli("--help").stdout
    completion = run_cli("--generate-completion-script", "bash")
    assert completion.returncode == 0 and "daybook" in completion.stdout


def test_help_and_mistakes_name_the_whole_command():
    helped = run_cli("journal", "search", "--help")
    assert helped.returncode == 0 and "USAGE: daybook journal search" in helped.stdout
    missing = run_cli("journal", "search")
    assert missing.returncode != 0
    assert "Missing expected argument '<query>'" in missing.stderr
    assert "Usage: daybook journal search" in missing.stderr
    wrong = run_cli("journal", "search", "x", "--limit", "many")
    assert wrong.returncode != 0 and "'many' is invalid for '--limit <limit>'" in wrong.stderr
    assert run_cli("journal", "search", "--version").stdout.strip()[0].isdigit()
    assert "key" in run_cli("backup", "--help").stdout


def test_options_read_the_same_in_every_spelling(server):
    # `--name value`, `--name=value`, options before or after the argument, and `--`: the same answer.
    for title in ("Quiet harbour", "Harbour lights", "Harbour fog"):
        call(server, "POST", "/api/v1/entries", {"title": title, "body": "Gulls over the harbour.", "tags": ["sea"]})
    for spaced, joined in [
        (["journal", "search", "harbour", "--limit", "2", "--tag", "sea", "--format", "json"],
         ["journal", "search", "--limit=2", "--tag=sea", "--format=json", "harbour"]),
        (["journal", "search", "harbour"], ["journal", "search", "--", "harbour"]),
        (["focus", "status", "--format", "waybar"], ["focus", "status", "--format=waybar"]),
        (["focus", "status", "--server", server.url + "/"], ["focus", "status", f"--server={server.url}"]),
    ]:
        first, second = run_cli(*spaced, server=server), run_cli(*joined, server=server)
        assert first.returncode == 0, first.stderr
        assert first.stdout == second.stdout
    timer = json.loads(run_cli("focus", "status", "--format", "json", server=server).stdout)
    assert timer["phase"] == "idle"
    assert len(json.loads(run_cli("journal", "search", "harbour", "--limit", "2", "--format", "json",
                                  server=server).stdout)["results"]) == 2
    # A mistake is explained, naming the whole command.
    wrong = run_cli("focus", "status", "--format", "xml", server=server)
    assert wrong.returncode != 0 and "'xml' is invalid for '--format <format>'" in wrong.stderr
    assert "Usage: daybook focus status" in wrong.stderr
    twice = run_cli("journal", "search", "a", "b", server=server)
    assert twice.returncode != 0 and "Unexpected argument 'b'" in twice.stderr


def test_exposed_server_refuses_to_start_until_a_passphrase_is_set(tmp_path):
    data = tmp_path / "data"
    refused = subprocess.run(
        [str(daybook_binary()), "serve", "--host", "0.0.0.0", "--port", "18099", "--data-dir", str(data)],
        capture_output=True, text=True, timeout=60,
    )
    assert refused.returncode != 0
    assert "daybook passphrase set" in refused.stderr

    short = run_cli("passphrase", "set", "--stdin", "--data-dir", str(data), stdin="short\n")
    assert short.returncode != 0 and "at least 10" in short.stderr
    done = run_cli("passphrase", "set", "--stdin", "--data-dir", str(data), stdin="correct horse battery\n")
    assert done.returncode == 0, done.stderr


def test_demo_fills_a_data_folder_deterministically(tmp_path):
    for name in ("a", "b"):
        result = run_cli("demo", "--years", "2", "--seed", "7", "--photos", "3", "--data-dir", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        assert (tmp_path / name / "daybook.sqlite").exists()
        assert "3 photos" in result.stdout
        assert len([p for p in (tmp_path / name / "photos").iterdir() if p.is_file()]) == 3
    assert run_cli("demo", "--years", "0", "--data-dir", str(tmp_path / "c")).returncode != 0


def test_focus_from_the_cli_and_live_events(server):
    # A page's live stream is open while the CLI drives the timer.
    stream = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    stream.request("GET", "/events", headers={"Accept": "text/event-stream"})
    events = stream.getresponse()
    assert events.status == 200
    assert events.getheader("Content-Type") == "text/event-stream"
    assert events.readline().startswith(b"retry:")

    started = run_cli("focus", "start", "--minutes", "25", "--sound", "waves", server=server)
    assert started.returncode == 0, started.stderr
    assert "25:00" in started.stdout

    seen = b""
    while b"event: timer" not in seen:
        seen += events.readline()
    assert b"event: timer" in seen

    again = run_cli("focus", "start", server=server)
    assert again.returncode != 0 and "already running" in again.stderr

    waybar = json.loads(run_cli("focus", "status", "--format", "waybar", server=server).stdout)
    assert waybar["class"] == "running"
    assert run_cli("focus", "pause", server=server).returncode == 0
    assert "Paused" in run_cli("focus", "status", server=server).stdout
    assert run_cli("focus", "stop", server=server).returncode == 0
    assert json.loads(run_cli("focus", "status", "--format", "json", server=server).stdout)["phase"] == "idle"

    # Stopping the server with a live stream open still shuts down cleanly.
    code = server.stop()
    assert code == 0, f"server exited with {code}"
    assert server.stopped_in is not None and server.stopped_in < 10


def test_tasks_from_the_cli(server):
    added = run_cli("task", "add", "Write chapter 3", "--at", "09:00", "--for", "90m", "--date", "2026-11-23",
                    server=server)
    assert added.returncode == 0, added.stderr
    task_id = added.stdout.split()[1].rstrip(":")
    run_cli("task", "add", "Standup", "--at", "09:30", "--for", "15m", "--date", "2026-11-23", "--repeat", "weekdays",
            server=server)
    listed = run_cli("task", "list", "--date", "2026-11-23", server=server).stdout
    assert "09:00–10:30  Write chapter 3" in listed and "Standup  (weekdays)" in listed
    assert run_cli("task", "done", task_id, "--date", "2026-11-23", server=server).returncode == 0
    assert "✓" in run_cli("task", "list", "--date", "2026-11-23", server=server).stdout

    refused = run_cli("task", "add", "Late", "--at", "23:30", "--for", "2h", server=server)
    assert refused.returncode != 0 and "midnight" in refused.stderr
    assert run_cli("task", "rm", task_id, server=server).returncode == 0
    missing = run_cli("task", "rm", task_id, server=server)
    assert missing.returncode != 0 and "no such task" in missing.stderr


def test_log_stats_and_export_from_the_cli(server, tmp_path):
    call(server, "PATCH", "/api/v1/settings", {"name": "Mina", "journalName": "Morning Pages"})
    noted = run_cli("log", "--date", "2026-11-20", "--sleep", "4", "--mood", "2", "--note", "=Tea, then \"deep\" work",
                    server=server)
    assert noted.returncode == 0, noted.stderr
    assert "How did you sleep? Well" in noted.stdout and "Mood of the day Low" in noted.stdout
    # --edit runs the editor on the reflection; here the "editor" appends a line.
    edited = run_cli("log", "--date", "2026-11-20", "--edit", server=server,
                     env_extra={"EDITOR": "sh -c 'echo Evening walk. >> \"$0\"'"})
    assert edited.returncode == 0, edited.stderr
    assert "Evening walk." in edited.stdout and "deep" in edited.stdout
    refused = run_cli("log", "--sleep", "6", server=server)
    assert refused.returncode != 0 and "1 to 5" in refused.stderr
    future = run_cli("log", "--date", "2099-01-01", "--mood", "3", server=server)
    assert future.returncode != 0 and "hasn’t come yet" in future.stderr

    stats = run_cli("stats", server=server)
    assert stats.returncode == 0, stats.stderr
    assert "All time" in stats.stdout and "0 sessions" in stats.stdout
    as_json = json.loads(run_cli("stats", "--format", "json", server=server).stdout)
    assert len(as_json["week"]["chart"]["bars"]) == 7
    assert run_cli("stats", "--week", "someday", server=server).returncode != 0

    out = tmp_path / "logs.csv"
    exported = run_cli("export", "logs", "--csv", "-o", str(out), server=server)
    assert exported.returncode == 0, exported.stderr
    lines = out.read_bytes().decode().split("\r\n")
    assert lines[0] == "day,sleepQuality,mood,reflection,updatedAt"
    # Quoted by the CSV writer, and a formula defused with an apostrophe.
    assert lines[1].startswith("2026-11-20,4,2,\"'=Tea, then \"\"deep\"\" work\nEvening walk.\",")
    sessions = run_cli("export", "sessions", "--csv", server=server)
    assert sessions.stdout.startswith("startedAt,endedAt,day,focusedSeconds")


def png(width: int = 4, height: int = 3) -> bytes:
    """A small valid RGB PNG of one colour."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\x2f\x6f\x6a" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def test_journal_from_the_cli(server, tmp_path):
    call(server, "PATCH", "/api/v1/settings", {"name": "Mina", "journalName": "Pages"})
    written = run_cli("journal", "new", "--title", "학교 가는 길", "--tag", "walk", "--date", "2026-11-20T08:00",
                      "--at", "37.5663,126.9779", server=server, stdin="대학교 앞 카페 & 빵집에서\n\n친구를 만났다.\n")
    assert written.returncode == 0, written.stderr
    entry_id = written.stdout.strip()
    assert entry_id

    listed = run_cli("journal", "list", "--tag", "walk", server=server)
    assert listed.returncode == 0 and entry_id in listed.stdout and "학교 가는 길" in listed.stdout
    # Written at a point: named after its city, offline.
    assert "Seoul, South Korea" in listed.stdout
    far = run_cli("journal", "new", "--title", "x", "--at", "95,10", server=server, stdin="x\n")
    assert far.returncode != 0 and "LAT,LON" in far.stderr
    found = run_cli("journal", "search", "학교", "--format", "json", server=server)
    assert found.returncode == 0, found.stderr
    assert [r["id"] for r in json.loads(found.stdout)["results"]] == [entry_id]
    plain = run_cli("journal", "search", "학교", server=server)
    assert plain.returncode == 0, plain.stderr
    line, snippet = plain.stdout.splitlines()
    assert line == f"{entry_id}  2026-11-20  학교 가는 길  #walk  📍 Seoul, South Korea"
    # Not a terminal: the matches are not marked, and the snippet's HTML is plain text again, on one line.
    assert snippet.strip() == "대학교 앞 카페 & 빵집에서 친구를 만났다."
    assert "대학교" in run_cli("journal", "show", entry_id, server=server).stdout

    picture = tmp_path / "dot.png"
    picture.write_bytes(png())
    added = run_cli("photo", "add", str(picture), "--entry", entry_id, server=server)
    assert added.returncode == 0, added.stderr
    photo_id = added.stdout.strip()
    shown = json.loads(run_cli("journal", "show", entry_id, "--format", "json", server=server).stdout)
    assert f"/photos/{photo_id}" in shown["body"] and shown["coverPhotoID"] == photo_id

    # Edited from standard input; an empty entry is refused with the server's reason.
    edited = run_cli("journal", "edit", entry_id, server=server, stdin="Rewritten.\n")
    assert edited.returncode == 0, edited.stderr
    assert "Rewritten." in run_cli("journal", "show", entry_id, server=server).stdout
    refused = run_cli("journal", "new", server=server, stdin="\n")
    assert refused.returncode != 0 and "empty" in refused.stderr

    assert run_cli("journal", "rm", entry_id, server=server).returncode == 0
    assert entry_id not in run_cli("journal", "list", server=server).stdout
    missing = run_cli("photo", "add", str(picture), "--entry", "no-such-entry", server=server)
    assert missing.returncode != 0


def test_the_cli_and_the_api_take_one_list_of_units_and_name_it_when_refusing(server):
    units = "currency, kilograms, pounds, kilometres, miles, litres, steps, custom"
    wrong = run_cli("track", "add", "Water", "--kind", "number", "--unit", "gallons", server=server)
    assert wrong.returncode != 0 and units in wrong.stderr
    assert run_cli("track", "add", "Water", "--kind", "number", "--unit", "litres", server=server).returncode == 0
    assert run_cli("track", "add", "Tea", "--kind", "number", "--unit-label", "cups", server=server).returncode == 0
    trackers = {t["name"]: t for t in call(server, "GET", "/api/v1/trackers")["trackers"]}
    assert trackers["Water"]["unit"] == "litres"
    assert (trackers["Tea"]["unit"], trackers["Tea"]["unitLabel"]) == ("custom", "cups")

    try:
        call(server, "POST", "/api/v1/trackers", {"name": "Run", "kind": "number", "unit": "furlongs"})
        raise AssertionError("the API took a unit it does not know")
    except urllib.error.HTTPError as refused:
        answer = json.loads(refused.read())
        assert refused.code == 422 and answer["error"]["code"] == "unknownUnit"
        assert units in answer["error"]["message"]
    assert "Run" not in {t["name"] for t in call(server, "GET", "/api/v1/trackers")["trackers"]}


def test_tokens_made_listed_and_revoked_on_the_servers_machine_while_it_runs(server):
    def api(path: str, token: str) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        try:
            connection.request("GET", path, headers={"Authorization": f"Bearer {token}", "Accept": "application/json"})
            answer = connection.getresponse()
            answer.read()
            return answer.status
        finally:
            connection.close()

    data = ["--data-dir", str(server.data_dir)]
    made = run_cli("token", "create", "--scope", "widgets", *data)
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip().splitlines()[-1]
    assert token.startswith("dbk_") and " " not in token, made.stdout
    assert '"widgets"' in made.stdout and "never expires" in made.stdout, made.stdout
    # The running server knows it at once, and it reaches only what its scope does.
    assert api("/api/v1/widgets/small", token) == 200
    assert api("/api/v1/entries", token) == 403

    yearly = run_cli("token", "create", "--scope", "full", "--name", "Status bar", "--lifetime", "1y", *data)
    assert yearly.returncode == 0 and "expires" in yearly.stdout, yearly.stdout + yearly.stderr
    listed = run_cli("token", "list", *data)
    assert listed.returncode == 0, listed.stderr
    assert "Status bar" in listed.stdout and "widgets" in listed.stdout and token not in listed.stdout, listed.stdout
    token_id = next(line.split()[0] for line in listed.stdout.splitlines() if " widgets " in f" {line} ")

    revoked = run_cli("token", "revoke", token_id, *data)
    assert revoked.returncode == 0, revoked.stderr
    assert api("/api/v1/widgets/small", token) == 401
    again = run_cli("token", "revoke", token_id, *data)
    assert again.returncode == 1 and "There is no token with that id." in again.stderr, again.stderr
    wrong = run_cli("token", "create", "--scope", "everything", *data)
    assert wrong.returncode != 0 and "full, widgets, calendar" in wrong.stderr, wrong.stderr
