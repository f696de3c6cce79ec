"""The web wallet in a real browser, against a real mint (scripts/test-web/run)."""

import http.server
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASHU = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/cashu")
ARTEFACTS = os.path.join(ROOT, ".build/web-artefacts")


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_mint(key=None):
    """A Nutshell mint; `key` gives it keysets of its own (two mints of one key share keyset ids)."""
    env = {**os.environ, "MINT_STOP_WITH_PID": str(os.getpid())}
    if key:
        env["MINT_PRIVATE_KEY"] = key
    out = subprocess.run([os.path.join(ROOT, "scripts/test-mint/start")], check=True, capture_output=True, text=True,
                         env=env).stdout
    fields = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    return fields["MINT_URL"].strip("'\""), fields["MINT_PID"].strip("'\""), fields["MINT_DIR"].strip("'\"")


def liabilities(mint_dir):
    for name in ("database/mint.sqlite3", "mint/mint.sqlite3"):
        path = os.path.join(mint_dir, name)
        if os.path.exists(path):
            db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
            return db.execute("SELECT COALESCE(SUM(balance), 0) FROM balance").fetchone()[0]
    raise RuntimeError("no mint database")


class Wallet:
    """A wallet directory of its own, driven by the cashu binary."""

    def __init__(self, name, runtime):
        self.dir = tempfile.mkdtemp(prefix=f"cashu-web-{name}-")
        self.env = {**os.environ, "CASHU_DIR": self.dir, "CASHU_SECRET_STORE": "plaintext-file",
                    "XDG_RUNTIME_DIR": runtime, "CASHU_NOSTR_RELAYS": "none"}

    def cli(self, *args):
        done = subprocess.run([CASHU, *args], env=self.env, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"cashu {' '.join(args)}: {done.returncode} {done.stderr.strip()}")
        return done.stdout.strip()

    def json(self, *args):
        return json.loads(self.cli("--json", *args))


def expect_status(request, status, refusal):
    """Sends `request`; fails with `refusal` unless it is answered with `status`."""
    try:
        urllib.request.urlopen(request, timeout=10)
    except urllib.error.HTTPError as error:
        assert error.code == status, f"{refusal}: {error.code}"
        return
    raise AssertionError(refusal)


def start_service(wallet, port):
    """`cashu daemon run --api-listen 127.0.0.1:PORT` for `wallet`, once it answers."""
    daemon = subprocess.Popen([CASHU, "daemon", "run", "--api-listen", f"127.0.0.1:{port}", "--scan-every", "2s"],
                              env=wallet.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.yaml", timeout=1).read()
            break
        except Exception:
            time.sleep(0.2)
    return daemon


def stop_service(daemon):
    if daemon:
        daemon.terminate()
        try:
            daemon.wait(timeout=15)
        except subprocess.TimeoutExpired:
            daemon.kill()


def wait(driver, condition, timeout=30, what="the page"):
    try:
        return WebDriverWait(driver, timeout).until(lambda d: condition(d))
    except Exception:
        shot(driver, "failure")
        shown = driver.find_element(By.ID, "error").get_attribute("textContent")
        raise AssertionError(f"waiting for {what}; the page says: {shown!r}") from None


def shot(driver, name, section=None):
    """A screenshot of the page, scrolled to `section` (an element id) when one is named."""
    os.makedirs(ARTEFACTS, exist_ok=True)
    if section:
        driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()", section)
    driver.save_screenshot(os.path.join(ARTEFACTS, f"{name}.png"))


def page_total(driver):
    text = driver.find_element(By.ID, "total").get_attribute("data-amount")
    return int(text) if text else None


def fill(driver, element_id, value):
    field = driver.find_element(By.ID, element_id)
    field.clear()
    field.send_keys(value)


def submit(driver, form_id):
    driver.find_element(By.CSS_SELECTOR, f"#{form_id} button[type=submit]").click()


def confirm(driver, box_id):
    box = wait(driver, lambda d: d.find_element(By.ID, box_id) if d.find_element(By.ID, box_id).is_displayed() else None,
               what=f"the figures in #{box_id}")
    text = box.text
    box.find_element(By.XPATH, ".//button[text()='Confirm']").click()
    return text


def main():
    runtime = tempfile.mkdtemp(prefix="cashu-web-run-")
    os.chmod(runtime, 0o700)
    mint_url, mint_pid, mint_dir = start_mint()
    payee_url, payee_pid, payee_dir = start_mint(key="cashuswift-test-payee-mint-not-a-secret")
    alice, bob = Wallet("alice", runtime), Wallet("bob", runtime)
    port = free_port()
    daemon = None
    driver = None
    evil = None
    try:
        alice.cli("mints", "add", mint_url)
        bob.cli("mints", "add", mint_url)
        daemon = start_service(alice, port)
        base = f"http://127.0.0.1:{port}"
        link = alice.cli("daemon", "open", "--print")
        assert link.startswith(base + "/login?code="), link

        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1100,1900"):
            options.add_argument(argument)
        options.binary_location = "/usr/bin/chromium"
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)

        # A used login link does not log in twice.
        driver.get(link)
        wait(driver, lambda d: d.find_element(By.ID, "status").text == "Connected.", what="the event stream")
        assert page_total(driver) == 0
        shot(driver, "1-empty")
        # Every control has a label or a text a screen reader reads, and a keyboard reaches it.
        unlabelled = driver.execute_script("""
            return [...document.querySelectorAll('input, select, textarea, button')].filter(c =>
                !(c.labels && c.labels.length) && !c.getAttribute('aria-label') && !c.textContent.trim()
                || c.tabIndex < 0).map(c => c.id || c.outerHTML.slice(0, 60));""")
        assert not unlabelled, f"controls without a label or out of the tab order: {unlabelled}"

        # Mint: the invoice as a QR code; FakeWallet pays it, the service mints it, the page shows the balance.
        fill(driver, "mint-amount", "1000")
        submit(driver, "mint-form")
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#mint-qr svg"), what="the invoice's QR code")
        shot(driver, "2-mint-invoice")
        wait(driver, lambda d: page_total(d) == 1000, timeout=60, what="the minted balance")
        shot(driver, "3-minted")

        # Send: the figures first, then the token as text and as a QR code.
        fill(driver, "send-amount", "100")
        submit(driver, "send-form")
        figures = confirm(driver, "send-confirm")
        assert "100 sat" in figures, figures
        token = wait(driver, lambda d: d.find_element(By.ID, "send-token").get_attribute("value") or None,
                     what="the token")
        assert token.startswith("cashuB"), token[:10]
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#send-qr svg"), what="the token's QR code")
        shot(driver, "4-sent")

        # Bob receives it with his own wallet.
        received = bob.json("receive", token)
        assert received.get("amount", 0) > 0, received

        # Pay an invoice of another mint (one of the mint's own would be settled internally): the fee first.
        quote = json.loads(urllib.request.urlopen(urllib.request.Request(
            payee_url + "/v1/mint/quote/bolt11", data=json.dumps({"amount": 50, "unit": "sat"}).encode(),
            headers={"Content-Type": "application/json"}), timeout=10).read())
        invoice = quote["request"]
        fill(driver, "pay-destination", invoice)
        submit(driver, "pay-form")
        figures = confirm(driver, "pay-confirm")
        assert "50 sat" in figures, figures
        wait(driver, lambda d: "Paid" in d.find_element(By.ID, "status").text, timeout=60, what="the payment")
        shot(driver, "5-paid")

        # The page's balance, with Bob's, is what the mint owes (the quote paid above was never minted).
        bob_balance = bob.json("balance")["total"]
        wait(driver, lambda d: page_total(d) is not None and page_total(d) + bob_balance == liabilities(mint_dir),
             what="the page's balance to match the mint's liabilities")
        shot(driver, "6-history")
        before = page_total(driver)

        # A page on another origin tries to spend: refused (and the cookie is SameSite=Strict anyway).
        evil_port = free_port()
        evil_page = f"""<!doctype html><title>evil</title><script>
            fetch("{base}/v1/prepare/send", {{method: "POST", credentials: "include", mode: "no-cors",
              headers: {{"Content-Type": "text/plain"}}, body: JSON.stringify({{amount: 300}})}})
              .then(() => document.title = "sent").catch(() => document.title = "blocked");
            </script>"""

        class Evil(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(evil_page.encode())

            def log_message(self, *args):
                pass

        evil = http.server.HTTPServer(("127.0.0.1", evil_port), Evil)
        threading.Thread(target=evil.serve_forever, daemon=True).start()
        driver.get(f"http://localhost:{evil_port}/")
        wait(driver, lambda d: d.title in ("sent", "blocked"), what="the other origin's request")
        time.sleep(1)
        token_value = alice.cli("daemon", "api-token")
        request = urllib.request.Request(base + "/v1/balance", headers={"Authorization": f"Bearer {token_value}"})
        after = json.loads(urllib.request.urlopen(request, timeout=10).read())["totals"].get("sat", 0)
        assert after == before, f"a page on another origin moved money: {before} -> {after}"
        direct = urllib.request.Request(base + "/v1/prepare/send", data=b'{"amount":1}', method="POST", headers={
            "Origin": f"http://localhost:{evil_port}", "Authorization": f"Bearer {token_value}"})
        expect_status(direct, 403, "a request from another origin was served")
        # The session cookie alone opens nothing (any program on another local port may get it): it needs its key,
        # which only the page holds.
        driver.get(base + "/")
        cookie = next(c for c in driver.get_cookies() if c["name"].startswith("cashu_session"))
        assert cookie.get("httpOnly") and cookie.get("sameSite") == "Strict", cookie
        key = driver.execute_script("return sessionStorage.getItem('cashu-key')")
        header = {"Cookie": f"{cookie['name']}={cookie['value']}"}
        expect_status(urllib.request.Request(base + "/v1/balance", headers=header), 401,
                      "the session cookie alone was taken")
        with_key = urllib.request.Request(base + "/v1/balance", headers={**header, "X-Cashu-Key": key})
        assert urllib.request.urlopen(with_key, timeout=10).status == 200
        # The used login link is refused.
        expect_status(link, 401, "a login link worked twice")

        def api(path, body=None):
            request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token_value}"},
                                             data=None if body is None else json.dumps(body).encode(),
                                             method="GET" if body is None else "POST")
            return json.loads(urllib.request.urlopen(request, timeout=60).read())

        def mint_item_script(url, then):
            """JavaScript run on the mint list's item of `url` (the list is redrawn on events: no element held)."""
            return (f"const li = [...document.querySelectorAll('#mint-list li')]"
                    f".find(li => li.firstChild.textContent.trim() === {json.dumps(url)}); return li ? {then} : null;")

        def click_mint_button(url, label):
            script = mint_item_script(url, "[...li.querySelectorAll('button')].find(b => b.textContent === "
                                      f"{json.dumps(label)}) || null")
            wait(driver, lambda d: d.execute_script(script), what=f"{url}'s button {label!r}").click()

        def is_default(d, url):
            return d.execute_script(mint_item_script(url, "li.querySelector('.badge') !== null"))

        # Mints: a second one added on the page, made the default, then the first again.
        wait(driver, lambda d: d.find_element(By.ID, "status").text == "Connected.", what="the event stream")
        fill(driver, "add-mint-url", payee_url)
        submit(driver, "add-mint-form")
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#mint-list li")) == 2, what="the second mint")
        for url in (payee_url, mint_url):
            click_mint_button(url, "Make default")
            wait(driver, lambda d: api("/v1/mints")["mints"][0]["url"].rstrip("/") == url.rstrip("/")
                 and is_default(d, url), what=f"{url} as the default mint")

        # Restore from the phrase: the page shows how it went; the wallet already holds what the mint signed.
        before = api("/v1/balance")["totals"].get("sat", 0)
        click_mint_button(mint_url, "Restore from the phrase")
        label = wait(driver, lambda d: d.find_element(By.ID, "restore-label").text
                     if "Restored from" in d.find_element(By.ID, "restore-label").text else None, timeout=60,
                     what="the restore")
        assert ": 0 sat found again" in label, label
        after = api("/v1/balance")["totals"].get("sat", 0)
        assert after == before, f"a restore changed the balance: {before} -> {after}"
        shot(driver, "7-restored", "mints")

        # A large token is shown as NUT-16 animated QR frames; Bob rebuilds it from the frames alone.
        old_token = driver.find_element(By.ID, "send-token").get_attribute("value")
        fill(driver, "send-amount", "600")
        submit(driver, "send-form")
        confirm(driver, "send-confirm")
        big = wait(driver, lambda d: (d.find_element(By.ID, "send-token").get_attribute("value") or old_token)
                   if d.find_element(By.ID, "send-token").get_attribute("value") != old_token else None,
                   what="the large token")
        assert len(big) > 1000, f"a 600 sat token of {len(big)} characters is not a large one"
        caption = wait(driver, lambda d: d.find_element(By.ID, "send-frames").text or None, what="the frames")
        parts = int(caption.rsplit(" of ", 1)[1])
        # The first `parts` frames are the parts themselves (`UR:BYTES/i-n/…`): wait until each was shown.
        frames = {}
        deadline = time.time() + 2 * parts * 0.25 + 10
        while time.time() < deadline and len(frames) < parts:
            frame = driver.find_element(By.ID, "send-qr").get_attribute("data-frame") or ""
            index = frame.split("/")[1].split("-")[0] if frame.count("/") >= 2 else ""
            if index.isdigit() and int(index) <= parts:
                frames[int(index)] = frame
            time.sleep(0.05)
        assert len(frames) == parts, f"{len(frames)} of {parts} parts seen"
        shot(driver, "8-animated-token", "send")
        received = bob.json("receive", " ".join(frames.values()))
        assert received["amount"] + received.get("fee", 0) == 600, received

        # A payment request made on the page (in band); Bob pays it, the page receives his token.
        fill(driver, "request-amount", "21")
        fill(driver, "request-description", "coffee")
        submit(driver, "request-form")
        request_text = wait(driver, lambda d: d.find_element(By.ID, "request-text").get_attribute("value") or None,
                            what="the payment request")
        assert request_text.startswith("creqA"), request_text[:10]
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#request-qr svg"), what="the request's QR code")
        shot(driver, "9-request", "request")
        paid = bob.json("request", "pay", request_text, "--yes")
        assert paid.get("delivered") is False and paid["token"].startswith("cashu"), paid
        before = page_total(driver)
        fill(driver, "receive-token", paid["token"])
        submit(driver, "receive-form")
        figures = confirm(driver, "receive-confirm")
        assert "21 sat" in figures, figures
        wait(driver, lambda d: page_total(d) is not None and page_total(d) > before, what="the request's payment")

        # A mint that went down: the page says so and offers to keep the token; the queue shows it waiting.
        bob.cli("mints", "add", payee_url)
        bob.cli("--mint", payee_url, "mint", "64")
        stranded = bob.json("--mint", payee_url, "send", "20")["token"]
        subprocess.run([os.path.join(ROOT, "scripts/test-mint/stop"), payee_pid, payee_dir], check=False)
        fill(driver, "receive-token", stranded)
        submit(driver, "receive-form")
        button = wait(driver, lambda d: d.find_element(By.ID, "receive-queue-button")
                      if d.find_element(By.ID, "receive-queue").is_displayed() else None,
                      timeout=60, what="the offer to keep the token")
        assert "cannot be reached" in driver.find_element(By.ID, "error").text, driver.find_element(By.ID, "error").text
        button.click()
        wait(driver, lambda d: "waiting" in d.find_element(By.ID, "queue-list").text, what="the queue on the page")
        queued = api("/v1/queue")["entries"]
        assert len(queued) == 1 and queued[0]["kind"] == "receive" and queued[0]["amount"] == 20, queued
        shot(driver, "10-queued", "pending")
        print(f"test-web: mint, send, receive, pay, cross-origin refusal, mints, restore, animated QR, payment "
              f"request, queue: ok (screenshots in {ARTEFACTS})")
    finally:
        if driver:
            driver.quit()
        if evil:
            evil.shutdown()
        stop_service(daemon)
        for pid, directory in ((mint_pid, mint_dir), (payee_pid, payee_dir)):
            subprocess.run([os.path.join(ROOT, "scripts/test-mint/stop"), pid, directory], check=False)
        for path in (alice.dir, bob.dir, runtime):
            shutil.rmtree(path, ignore_errors=True)


if __name__ == "__main__":
    main()
