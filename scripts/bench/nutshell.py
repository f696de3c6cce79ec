#!/usr/bin/env python3
"""Nutshell 0.21.0's wallet doing what the CoreCashu wallet benchmarks do, against the same mint, in the same run.

Usage: MINT_URL=... MINT_DIR=... .venv-mint/bin/python scripts/bench/nutshell.py [ITERATION_SCALE]
(scripts/bench/run starts the mint and sets both). Prints a markdown table of medians.

API rows call Nutshell's wallet in this process: time.perf_counter and time.process_time (this process, all
threads) around the call; requests counted on httpx. CLI rows run `cashu` as a subprocess: wall, the child's CPU
(RUSAGE_CHILDREN) and requests counted in the mint's access log. The operations and fixtures match
Benchmarks/Benchmarks/CoreCashuBenchmarks/WalletBenchmarks.swift and SplitReceiveBenchmarks.swift: 1000 sat minted;
a token of 100 proofs of 1 sat without DLEQ, and one of 2,500 (more than the mint takes in one request: that row
reports Nutshell's failure instead of stopping the script); 1000 sat sent from 2,000 proofs of 1..64 sat in turn;
balance and open over 10,000 proofs; DLEQ verification of 1,000 proofs; a fresh wallet restoring 200 proofs minted from NUT-13 counters 0..199.
"""

import asyncio
import contextlib
import io
import os
import re
import resource
import secrets
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import traceback

MINT_URL = os.environ["MINT_URL"]
MINT_LOG = os.path.join(os.environ["MINT_DIR"], "mint.log") if os.environ.get("MINT_DIR") else None
SCALE = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
WORK = tempfile.mkdtemp(prefix="cashu-bench-nutshell.")
# Nutshell reads its settings when imported: keep it out of ~/.cashu and any .env.
os.environ.update(CASHU_DIR=WORK, HOME=WORK, DEBUG="False", TOR="False")
os.chdir(WORK)

import httpx  # noqa: E402
from loguru import logger  # noqa: E402

from cashu.core.crypto.secp import PrivateKey  # noqa: E402
from cashu.wallet.helpers import deserialize_token_from_string, receive, send  # noqa: E402
from cashu.wallet.wallet import Wallet  # noqa: E402

logger.remove()
CASHU = os.path.join(os.path.dirname(sys.executable), "cashu")
REQUESTS = [0]
_send = httpx.AsyncClient.send


async def _counting_send(self, *args, **kwargs):
    REQUESTS[0] += 1
    return await _send(self, *args, **kwargs)


httpx.AsyncClient.send = _counting_send


def mixed(count):
    return [1 << (i % 7) for i in range(count)]


def iterations(n):
    return max(1, int(n * SCALE))


async def open_wallet(name):
    """A new wallet with files where `cashu --wallet NAME` finds them (CASHU_DIR/NAME/NAME.sqlite3)."""
    directory = os.path.join(WORK, name)
    with contextlib.redirect_stdout(io.StringIO()):
        await Wallet.with_db(MINT_URL, directory, name=name, skip_db_read=True)
        wallet = await Wallet.with_db(MINT_URL, directory, name=name)
        await wallet.load_mint()
    return wallet


async def mint_split(wallet, amounts):
    """Mints exactly `amounts` (one paid quote per 1000 outputs, the mint's limit)."""
    for start in range(0, len(amounts), 1000):
        chunk = amounts[start:start + 1000]
        quote = await wallet.request_mint(sum(chunk))
        while (await wallet.get_mint_quote(quote.quote)).state.value != "PAID":
            await asyncio.sleep(0.02)
        await wallet.mint(sum(chunk), quote_id=quote.quote, split=chunk)
    await wallet.load_proofs(reload=True)


async def measure(count, body, check=None):
    """Medians of wall ms, CPU ms and requests of `body()` run `count` times (stdout of the body discarded)."""
    walls, cpus, requests = [], [], []
    for _ in range(count):
        before = REQUESTS[0]
        with contextlib.redirect_stdout(io.StringIO()):
            wall, cpu = time.perf_counter(), time.process_time()
            result = await body()
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if check:
            check(result)
        walls.append(wall * 1000)
        cpus.append(cpu * 1000)
        requests.append(REQUESTS[0] - before)
    return statistics.median(walls), statistics.median(cpus), statistics.median(requests), count


class Failed:
    """A row whose operation raised: a short reason, and wall ms, CPU ms and requests of the attempt that failed."""

    def __init__(self, error, wall, cpu, requests):
        self.reason, self.wall, self.cpu, self.requests = failure_reason(error), wall, cpu, requests


def failure_reason(error):
    """The exception's class, its short detail, and the last line of Nutshell's code it passed through (which tells a
    refusal by the wallet itself from one by the mint). Nutshell raises `Exception("Mint Error: DETAIL (Code: N)")`
    for a mint's refusal; when the mint's FastAPI refuses a request, DETAIL is pydantic's error list, which echoes
    every input back (hundreds of kB for 2,500 proofs), so for it, as for a pydantic ValidationError raised in the
    wallet, only each error's location and message are kept."""
    text = str(error)
    if callable(getattr(error, "errors", None)):  # pydantic.ValidationError
        text = f"{getattr(error, 'title', '')}: " + "; ".join(
            f"{'.'.join(map(str, item['loc']))}: {item['msg']}" for item in error.errors())
    refusals = re.findall(r"'loc': \[([^\]]*)\], 'msg': '([^']*)'", text)
    if text.startswith("Mint Error:") and refusals:
        detail = "; ".join(f"{loc.replace(chr(39), '')}: {msg}" for loc, msg in refusals)
        code = re.search(r"\(Code: (\d+)\)$", text)
        text = f"Mint Error: {detail}" + (f" (Code: {code.group(1)})" if code else "")
    first = text.splitlines()[0] if text else ""
    first = first if len(first) <= 200 else first[:200] + "…"
    # walk_tb, not extract_tb: Nutshell sets sys.tracebacklimit = 0 when DEBUG is off, and extract_tb obeys it.
    package = f"{os.sep}cashu{os.sep}"
    frames = [(frame.f_code, line) for frame, line in traceback.walk_tb(error.__traceback__)
              if package in frame.f_code.co_filename]
    where = ""
    if frames:
        code, line = frames[-1]
        where = f", raised in cashu/{code.co_filename.split(package, 1)[1]}:{line} `{code.co_name}`"
    return f"{type(error).__name__}: {first}{where}".replace("|", "\\|")  # it goes in a markdown table cell


async def measure_or_fail(count, prepare, body):
    """As `measure`, with `prepare()` run untimed before each timed `body(prepared)`; the first exception of the body
    ends the row as `Failed` instead of ending the script (the body checks its own result)."""
    walls, cpus, requests = [], [], []
    for _ in range(count):
        prepared = await prepare()
        before = REQUESTS[0]
        with contextlib.redirect_stdout(io.StringIO()):
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                await body(prepared)
            except Exception as error:  # noqa: BLE001 — any failure of Nutshell's wallet is the row's result
                cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                return Failed(error, wall * 1000, cpu * 1000, REQUESTS[0] - before)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        walls.append(wall * 1000)
        cpus.append(cpu * 1000)
        requests.append(REQUESTS[0] - before)
    return statistics.median(walls), statistics.median(cpus), statistics.median(requests), count


def mint_log_requests():
    if not MINT_LOG:
        return None
    with open(MINT_LOG, errors="replace") as log:
        return sum(1 for line in log if re.search(r'"(GET|POST) /v1/', line))


def cli(wallet_name, *args, stdin=None):
    """One `cashu` command on a wallet's files: (stdout, wall ms, CPU ms, requests)."""
    env = dict(os.environ, CASHU_DIR=WORK, HOME=WORK, MINT_URL=MINT_URL)
    before_log, before_cpu = mint_log_requests(), resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run([CASHU, "--host", MINT_URL, "--wallet", wallet_name, "--yes", *args], env=env, cwd=WORK,
                          input=stdin, capture_output=True, text=True, timeout=300)
    wall = (time.perf_counter() - wall) * 1000
    after_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"cashu {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    cpu = (after_cpu.ru_utime + after_cpu.ru_stime - before_cpu.ru_utime - before_cpu.ru_stime) * 1000
    time.sleep(0.3)  # the mint writes its access log line after answering
    after_log = mint_log_requests()
    requests = None if before_log is None else after_log - before_log
    return done.stdout, wall, cpu, requests


def cli_measure(count, wallet_name, make_args, stdin=None):
    walls, cpus, requests = [], [], []
    for _ in range(count):
        _, wall, cpu, request_count = cli(wallet_name, *make_args(), stdin=stdin)
        walls.append(wall)
        cpus.append(cpu)
        requests.append(request_count if request_count is not None else float("nan"))
    return statistics.median(walls), statistics.median(cpus), statistics.median(requests), count


async def main():
    rows = []

    # mint 1000 sat: quote, one state check, mint (as our wallet: requestMintQuote, waitForMintQuote, mint).
    minter = await open_wallet("minter")

    async def mint_1000():
        quote = await minter.request_mint(1000)
        await minter.get_mint_quote(quote.quote)
        return await minter.mint(1000, quote_id=quote.quote)

    api = await measure(iterations(10), mint_1000)

    def cli_mint():  # the CLI's way with FakeWallet: `invoice --no-check`, then `invoice --id`
        out, wall1, cpu1, req1 = cli("minter", "invoice", "--no-check", "1000")
        quote = out.split("--id", 1)[1].split()[0]
        _, wall2, cpu2, req2 = cli("minter", "invoice", "1000", "--id", quote)
        return wall1 + wall2, cpu1 + cpu2, (req1 or 0) + (req2 or 0)

    samples = [cli_mint() for _ in range(iterations(3))]
    cli_row = tuple(statistics.median(sample[k] for sample in samples) for k in range(3)) + (len(samples),)
    rows.append(("mint 1000 sat (two CLI commands)", api, cli_row))

    # receive a 100-proof token (100 x 1 sat, no DLEQ): 10 sat fee, 90 credited.
    sender = await open_wallet("sender")
    receiver = await open_wallet("receiver")
    token_count = iterations(10) + iterations(3)
    await mint_split(sender, [1] * (100 * token_count))
    proofs = sorted(sender.proofs, key=lambda p: p.secret)
    tokens = [await sender.serialize_proofs(proofs[i:i + 100]) for i in range(0, 100 * token_count, 100)]

    async def receive_one():
        before = receiver.available_balance.amount
        await receive(receiver, deserialize_token_from_string(tokens.pop()))
        return receiver.available_balance.amount - before

    api = await measure(iterations(10), receive_one, lambda credited: credited == 90 or sys.exit(f"got {credited}"))
    cli_row = cli_measure(iterations(3), "receiver", lambda: ["receive", tokens.pop()])
    rows.append(("receive 100-proof token", api, cli_row))

    # DLEQ verify of 1,000 proofs (1..64 sat in turn, as minted, each with its DLEQ): Nutshell's own check of
    # incoming proofs, one by one on one core (CoreCashu's rows: DLEQBenchmarks.swift).
    checker = await open_wallet("dleq")
    await mint_split(checker, mixed(1000))
    dleq_proofs = [proof for proof in checker.proofs if proof.dleq][:1000]
    if len(dleq_proofs) != 1000:
        sys.exit(f"only {len(dleq_proofs)} minted proofs carry a DLEQ")

    async def verify_1000():
        checker.verify_proofs_dleq(dleq_proofs)

    rows.append(("DLEQ verify 1,000 proofs (in process)", await measure(iterations(10), verify_1000), None))

    # receive a 2,500-proof token (2,500 x 1 sat, no DLEQ): more inputs than the mint takes in one request (its
    # max_array_length, 1,000). Nutshell swaps all 2,500 at once, which the mint refuses; ours splits the receive.
    # Each token is minted just before its attempt, and built from the minted proofs directly: Nutshell's `send`
    # recurses past Python's limit selecting 2,500 proofs. No CLI row: the token (~350 kB) is longer than one
    # command-line argument may be (MAX_ARG_STRLEN, 128 kB).
    big_sender = await open_wallet("bigsender")
    big_receiver = await open_wallet("bigreceiver")

    async def mint_2500_token():
        before = {proof.secret for proof in big_sender.proofs}
        await mint_split(big_sender, [1] * 2500)
        fresh = [proof for proof in big_sender.proofs if proof.secret not in before]
        return await big_sender.serialize_proofs(fresh)

    async def receive_2500(token):
        before = big_receiver.available_balance.amount
        await receive(big_receiver, deserialize_token_from_string(token))
        credited = big_receiver.available_balance.amount - before
        # One swap of 2,500 inputs at 100 ppk pays 250 sat, should a mint take it; anything else fails the row.
        if credited != 2250:
            raise AssertionError(f"credited {credited}, expected 2250")

    api = await measure_or_fail(iterations(5), mint_2500_token, receive_2500)
    rows.append(("receive 2,500-proof token", api, None))

    # send 1000 sat from 2,000 proofs: Nutshell's own choice (exact proofs offline, else a swap), and a forced swap.
    holder = await open_wallet("holder")
    await mint_split(holder, mixed(2000))
    for label, force in (("Nutshell's choice", False), ("forced swap", True)):
        async def send_1000(force=force):
            return await send(holder, amount=1000, lock=None, legacy=False, force_swap=force)

        api = await measure(iterations(10), send_1000)
        cli_row = None if force else cli_measure(iterations(3), "holder", lambda: ["send", "1000"])
        rows.append((f"send 1000 sat from 2,000 proofs ({label})", api, cli_row))

    # balance and open over 10,000 synthetic proofs (valid points, the mint's keyset).
    big = await open_wallet("big")
    keyset = next(k for k in big.keysets.values() if k.active)
    rows_10k = [(keyset.id, amount, PrivateKey().public_key.format().hex(), secrets.token_hex(32))
                for amount in mixed(10_000)]
    with sqlite3.connect(os.path.join(WORK, "big", "big.sqlite3")) as db:
        db.executemany("INSERT INTO proofs (id, amount, C, secret, reserved, derivation_path) "
                       "VALUES (?, ?, ?, ?, 0, '')", rows_10k)

    async def balance():
        await big.load_proofs(reload=True)
        return big.available_balance

    rows.append(("balance, 10,000 proofs (load proofs, sum)", await measure(iterations(20), balance),
                 cli_measure(iterations(3), "big", lambda: ["balance"])))

    async def open_big():
        return await Wallet.with_db(MINT_URL, os.path.join(WORK, "big"), name="big")

    rows.append(("open, 10,000 proofs (`Wallet.with_db`)", await measure(iterations(20), open_big), None))

    # restore: a fresh wallet with the mnemonic that minted 200 proofs (NUT-13 counters 0..199), CLI defaults.
    original = await open_wallet("original")
    mnemonic = original.mnemonic
    await mint_split(original, mixed(200))
    expected = sum(mixed(200))
    restores = [0]

    async def restore_200():
        restores[0] += 1
        name = f"restore{restores[0]}"
        wallet = await Wallet.with_db(MINT_URL, os.path.join(WORK, name), name=name, skip_db_read=True)
        await wallet.restore_wallet_from_mnemonic(mnemonic, to=2, batch=25)
        await wallet.load_proofs(reload=True)
        return wallet.available_balance.amount

    api = await measure(iterations(5), restore_200, lambda got: got == expected or sys.exit(f"restored {got}"))
    cli_rows = []
    for i in range(iterations(2)):
        cli_rows.append(cli(f"clirestore{i}", "restore", stdin=mnemonic + "\n")[1:])
    cli_row = tuple(statistics.median(r[k] or 0 for r in cli_rows) for k in range(3)) + (len(cli_rows),)
    rows.append(("restore, 200 proofs (batch 25, stop after 2 empty)", api, cli_row))

    print("| operation | Nutshell API wall ms | API CPU ms | API requests | Nutshell CLI wall ms | CLI CPU ms "
          "| CLI requests |")
    print("|---|---|---|---|---|---|---|")
    for name, api, cli_row in rows:
        if isinstance(api, Failed):
            cells = [f"FAILED after {api.wall:.1f} ({api.reason})", f"{api.cpu:.1f}", f"{api.requests:g}"]
        else:
            cells = [f"{api[0]:.1f}", f"{api[1]:.1f}", f"{api[2]:g}"]
        cells += [f"{cli_row[0]:.0f}", f"{cli_row[1]:.0f}", f"{cli_row[2]:g}"] if cli_row else ["—", "—", "—"]
        print(f"| {name} | " + " | ".join(cells) + " |")
    print(f"\nmedians; API rows over {iterations(10)}–{iterations(20)} runs, CLI rows over {iterations(2)}–"
          f"{iterations(3)}; mint {MINT_URL}")


try:
    asyncio.run(main())
finally:
    shutil.rmtree(WORK, ignore_errors=True)
