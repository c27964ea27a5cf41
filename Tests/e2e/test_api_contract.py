"""The JSON API against its own OpenAPI document, checked by schemathesis.

A seeded, bounded run over every operation with every check: examples, coverage (boundary values, undeclared
methods, wrong content types), fuzzing, and the stateful phase that follows the document's links (create a
task, then change, complete and delete it; start a focus session, then pause and stop it; ...). Any failure
fails the test. The server is this test's own, with a fresh onboarded data folder, so nothing schemathesis
starts or deletes reaches another test.

The report goes to artifacts/schemathesis/ and the whole output to artifacts/schemathesis.log. To reproduce
a failure, run the command printed at the top of that log against a server of your own.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from daybook_http import Client, complete_onboarding
from fixtures.paths import ARTIFACTS

SEED = 20261122
# Test cases per operation in each pass over the phases.
MAX_EXAMPLES = 100
# Seconds for the whole run: passes repeat (fuzzing and stateful with new cases) until it is spent.
MAX_TIME = 150
HERE = Path(__file__).resolve().parent


def schemathesis_command(url: str, report_dir: Path) -> list[str]:
    runner = "import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())"
    return [
        sys.executable, "-c", runner, "run", f"{url}/api/v1/openapi.json",
        "--url", url,
        # Writes must come from the server's own origin.
        "--header", f"Origin: {url}",
        "--checks", "all",
        "--phases", "examples,coverage,fuzzing,stateful",
        "--seed", str(SEED),
        "--max-examples", str(MAX_EXAMPLES),
        "--max-time", str(MAX_TIME),
        "--workers", "1",
        "--generation-database", "none",
        "--no-color",
        "--report", "junit",
        "--report-dir", str(report_dir),
    ]


def test_api_answers_exactly_as_its_document_says(server, tmp_path):
    complete_onboarding(Client(server.url))
    report_dir = ARTIFACTS / "schemathesis"
    command = schemathesis_command(server.url, report_dir)
    env = dict(os.environ, SCHEMATHESIS_HOOKS="schemathesis_hooks", DAYBOOK_API_URL=server.url,
               PYTHONPATH=os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")])))
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=MAX_TIME + 120)
    output = "$ SCHEMATHESIS_HOOKS=schemathesis_hooks PYTHONPATH=Tests/e2e st " + " ".join(command[3:]) + "\n"
    output += result.stdout + result.stderr
    (ARTIFACTS / "schemathesis.log").write_text(output)
    summary = output[output.rfind("SUMMARY"):] if "SUMMARY" in output else output[-3000:]
    assert result.returncode == 0, f"schemathesis found problems (artifacts/schemathesis.log):\n{output[-12000:]}"
    assert "No issues found" in output, summary
