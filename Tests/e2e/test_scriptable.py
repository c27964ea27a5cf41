"""Daybook's widgets on an iPhone through Scriptable: the script `/widgets/scriptable.js` serves, run under node with
a fake of Scriptable's globals (Tests/js/scriptable-fake.mjs) whose requests reach the real server and whose files
go to a folder here; then with the server stopped, when it draws the timeline it kept, marked "as of"."""

import json
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from fixtures.pages import call
from fixtures.paths import ROOT
from fixtures.servers import daybook_binary

RUNNER = ROOT / "Tests" / "js" / "run-scriptable.mjs"
FAMILIES = ["small", "medium", "large", "accessoryCircular", "accessoryRectangular", "accessoryInline"]


def make_token(server, scope: str) -> str:
    made = subprocess.run([str(daybook_binary()), "token", "create", "--scope", scope, "--name", f"Phone {scope}",
                           "--data-dir", str(server.data_dir)], capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    return made.stdout.strip().splitlines()[-1]


def fetch(url: str) -> tuple[int, dict, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read().decode()


def draw(script: Path, documents: Path, family: str, parameter: str = "") -> dict:
    node = shutil.which("node")
    assert node, "node is missing: scripts/test installs Debian's nodejs"
    done = subprocess.run([node, str(RUNNER), str(script), str(documents), family, parameter],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_scriptable_draws_every_family_from_the_server_then_the_kept_copy_when_it_is_gone(server, tmp_path):
    # Given a Daybook with a block due now that a focus session runs on, and a yes/no tracker
    now = time.localtime()
    start = max(0, now.tm_hour * 60 + now.tm_min - 5)
    duration = max(5, min(40, 24 * 60 - start - 1))
    block = call(server, "POST", "/api/v1/tasks",
                 {"title": "Draft the harbour essay", "start": f"{start // 60:02d}:{start % 60:02d}",
                  "duration": duration})
    call(server, "POST", "/api/v1/focus/start", {"minutes": 25, "taskID": block["id"], "sound": "none"})
    tracker = call(server, "POST", "/api/v1/trackers", {"name": "Stretch", "kind": "boolean"})
    widgets, full = make_token(server, "widgets"), make_token(server, "full")

    # The script is made for a widgets token, with this address and that token in it
    status, headers, script_text = fetch(f"{server.url}/widgets/scriptable.js?token={widgets}")
    assert status == 200, script_text
    assert headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert headers["Cache-Control"] == "no-store"
    assert headers["Content-Disposition"] == 'inline; filename="Daybook.js"'
    assert f'"token" : "{widgets}"' in script_text
    assert f'"address" : "{server.url}"' in script_text
    # and refused without one, or for a full token, which must never sit in a script on a phone
    status, _, said = fetch(f"{server.url}/widgets/scriptable.js")
    assert status == 401, said
    status, _, said = fetch(f"{server.url}/widgets/scriptable.js?token={full}")
    assert status == 403 and full not in said, said

    script = tmp_path / "Daybook.js"
    script.write_text(script_text)
    documents = tmp_path / "Documents"
    documents.mkdir()

    # When each family draws with the server there, it shows the server's own content and opens its page
    drawn = {family: draw(script, documents, family) for family in FAMILIES}
    for family, widget in drawn.items():
        assert widget["set"] and widget["completed"], family
        assert widget["url"].startswith(server.url + "/"), (family, widget["url"])
        assert not any(text.startswith("As of") for text in widget["texts"]), (family, widget["texts"])
    assert "Draft the harbour essay" in drawn["small"]["texts"]
    assert "Draft the harbour essay" in drawn["medium"]["texts"]
    assert drawn["large"]["texts"][0] == "Stretch"
    assert drawn["large"]["url"] == f"{server.url}/trackers/{tracker['id']}"
    assert any(text.endswith("%") for text in drawn["accessoryCircular"]["texts"]), drawn["accessoryCircular"]
    rectangular = drawn["accessoryRectangular"]
    assert "Draft the harbour essay" in rectangular["texts"] and rectangular["url"] == f"{server.url}/focus"
    assert any(text.startswith("<timer ") for text in rectangular["texts"]), rectangular["texts"]
    inline = drawn["accessoryInline"]["texts"]
    assert len(inline) == 1 and inline[0].startswith("Draft the harbour essay · "), inline
    chosen = draw(script, documents, "small", f"tracker:{tracker['id']}")
    assert chosen["texts"][0] == "Stretch"
    unknown = draw(script, documents, "small", "weather")
    assert unknown["texts"][0] == "Unknown widget parameter" and "“weather”" in unknown["texts"][1]
    kept_files = sorted(path.name for path in documents.iterdir())
    assert "daybook-small.json" in kept_files and f"daybook-tracker-{tracker['id']}.json" in kept_files, kept_files

    # When the server is gone, each draws the timeline it kept, marked "as of"
    server.stop()
    for family in FAMILIES:
        widget = draw(script, documents, family)
        assert widget["set"], family
        marked = [text for text in widget["texts"] if "As of " in text]
        assert marked, (family, widget["texts"])
    offline_small = draw(script, documents, "small")
    assert "Draft the harbour essay" in offline_small["texts"]
    assert offline_small["texts"][-1].startswith("As of ")
    offline_inline = draw(script, documents, "accessoryInline")["texts"][0]
    assert offline_inline.startswith("Draft the harbour essay") and "(As of " in offline_inline
    assert draw(script, documents, "large")["texts"][0] == "Stretch"
    # A tracker never kept has nothing to draw, and says why.
    never = draw(script, documents, "small", "tracker:someone-else")
    assert never["texts"][0] == "Daybook is out of reach"
