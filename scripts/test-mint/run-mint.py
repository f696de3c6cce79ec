"""Test mint: runs Nutshell's mint (the `mint` entry point) with a longer SQLite busy timeout.

Nutshell opens its SQLite database through Python's sqlite3, whose writers give up after waiting 5 s for the write
lock. On a 2-core machine running the whole test suite, the shared test mint queued many writers behind one another
(SQLite's busy wait is not fair), and an unlucky one waited its 5 s and was refused with "database is locked" or
"failed to acquire database locks ... after 5s and 1 trials". Here a writer waits up to MINT_SQLITE_BUSY_TIMEOUT
seconds (default 10) instead: still below the wallet's 15 s read timeout, so a mint that is busy for longer still
answers with a refusal before the wallet gives up on the request. Nutshell's message keeps saying "after 5s" (its own
retry budget, which a single longer wait uses up). Nothing else about the mint changes. Tests do not pass a developer's
MINT_* variables on, so MINT_SQLITE_BUSY_TIMEOUT applies only to `start` run by hand.
"""
import os
import sqlite3
import sys

BUSY_TIMEOUT = float(os.environ.get("MINT_SQLITE_BUSY_TIMEOUT", "10"))
_connect = sqlite3.connect


def _connect_waiting_longer(database, *args, **kwargs):
    # sqlite3.connect(database, timeout=5.0, ...): only a call that names no timeout gets the longer one.
    if not args:
        kwargs.setdefault("timeout", BUSY_TIMEOUT)
    return _connect(database, *args, **kwargs)


sqlite3.connect = _connect_waiting_longer

from cashu.mint.main import main  # noqa: E402  (after the patch, so every connection gets it)

if __name__ == "__main__":
    sys.exit(main())
