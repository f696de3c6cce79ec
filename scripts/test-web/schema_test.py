"""The local API against its own description (scripts/test-web/run): schemathesis over every operation of
docs/api/openapi.yaml, with generated inputs, against a live service on a real mint. No 5xx, every answer as
described; then nothing was spent (no confirm was ever sent) and no answer carried a secret."""

import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import ROOT, Wallet, expect_status, free_port, start_mint, start_service, stop_service  # noqa: E402,E501

VENV_BIN = os.path.dirname(sys.executable)


def confirmed_operations(directory):
    """The operation ids of every answered confirm in the HAR files of `directory`."""
    operations = set()
    for name in os.listdir(directory):
        with open(os.path.join(directory, name)) as file:
            log = json.load(file)["log"]
        for entry in log["entries"]:
            if not re.search(r"/v1/prepared/[^/]+/confirm$", entry["request"]["url"]):
                continue
            text = entry["response"].get("content", {}).get("text") or ""
            try:
                operation = json.loads(text).get("operation") or json.loads(text).get("error", {}).get("operation")
            except ValueError:
                continue
            if operation:
                operations.add(operation)
    return operations


def check(run, name):
    """Fails on any failure schemathesis reports, or a token in what it printed."""
    print(f"schemathesis {name}: exit {run.returncode}")
    if run.returncode != 0:
        print(run.stdout[-8000:])
        raise SystemExit(f"schemathesis {name} found failures")
    # The only secret the API returns is a send's token, to the confirm that made it: never in a failure report.
    if re.search(r"cashu[AB][A-Za-z0-9_-]{20}", run.stdout):
        raise SystemExit(f"schemathesis {name}: an answer it reported carried a token")


def main():
    runtime = tempfile.mkdtemp(prefix="cashu-schema-run-")
    os.chmod(runtime, 0o700)
    mint_url, mint_pid, mint_dir = start_mint()
    wallet = Wallet("schema", runtime)
    port = free_port()
    daemon = None
    try:
        wallet.cli("mints", "add", mint_url)
        wallet.cli("mint", "1000")
        daemon = start_service(wallet, port)
        base = f"http://127.0.0.1:{port}"
        token = wallet.cli("daemon", "api-token")
        before = wallet.json("balance")["total"]
        seed = os.environ.get("SCHEMA_SEED", "1")
        common = [os.path.join(VENV_BIN, "schemathesis"), "run", os.path.join(ROOT, "docs/api/openapi.yaml"),
                  "--url", base, "--checks", "all",
                  # A schema-valid request may still be refused by the wallet's rules (an unknown mint, too little
                  # money, an invoice that does not decode): 4xx with the wallet's code, by design.
                  "--exclude-checks", "positive_data_acceptance",
                  "--max-examples", os.environ.get("SCHEMA_EXAMPLES", "30"),
                  "--request-timeout", "20", "--generation-deterministic", "--seed", seed,
                  "--exclude-operation-id", "events", "--suppress-health-check", "all"]
        authorization = ["-H", f"Authorization: Bearer {token}"]
        reports = tempfile.mkdtemp(prefix="cashu-schema-reports-")
        # With the token: every operation with generated inputs, then chains of calls (schemathesis feeds a
        # prepare's id into its confirm or cancel). Every request and answer goes to a HAR file.
        for phases, name in (("examples,coverage,fuzzing", "with the token"), ("stateful", "in chains of calls")):
            har = os.path.join(reports, f"{phases.split(',')[0]}.har")
            check(subprocess.run(common + authorization + ["--phases", phases, "--report", "har",
                                                           "--report-har-path", har], capture_output=True, text=True),
                  name)
        # Nothing spent without a confirm: every send, melt and transfer of the wallet is an operation some confirm
        # request answered for.
        confirmed = confirmed_operations(reports)
        activity = json.loads(urllib.request.urlopen(urllib.request.Request(
            base + "/v1/activity?limit=1000", headers={"Authorization": f"Bearer {token}"}), timeout=10).read())
        spent = [entry for entry in activity["entries"] if entry["kind"] in ("send", "melt", "transfer")
                 and entry["id"] not in confirmed]
        assert not spent, f"spent without a confirm: {spent}"
        # A wrong token: every answer 401 (or an open path's), as described.
        check(subprocess.run(common + ["-H", "Authorization: Bearer " + "0" * 64], capture_output=True, text=True),
              "with a wrong token")
        # An oversized body is refused before it is read.
        big = urllib.request.Request(base + "/v1/prepare/receive", data=b'{"token":"' + b"a" * 70000 + b'"}',
                                     method="POST", headers={"Authorization": f"Bearer {token}"})
        expect_status(big, 413, "a 70 kB body was taken")
        print(f"test-web: schemathesis on every operation, with and without the token: ok (balance {before})")
    finally:
        stop_service(daemon)
        subprocess.run([os.path.join(ROOT, "scripts/test-mint/stop"), mint_pid, mint_dir], check=False)


if __name__ == "__main__":
    main()
