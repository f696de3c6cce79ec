// The web wallet: the service's local API, called from its own origin with the session cookie of a login link.
// Every spend is prepared first; the figures are shown; nothing moves until "Confirm". No text from the wallet or a
// mint is ever inserted as HTML.
"use strict";

const $ = (id) => document.getElementById(id);

// The session's key: the login link hands it over in the fragment (never sent to a server); kept for this tab only,
// in this origin's sessionStorage, and sent with every request beside the HttpOnly cookie.
const KEY = (() => {
  const match = location.hash.match(/^#k=([0-9a-f]{64})$/);
  if (match) {
    sessionStorage.setItem("cashu-key", match[1]);
    history.replaceState(null, "", location.pathname);
  }
  return sessionStorage.getItem("cashu-key") || "";
})();

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? { "X-Cashu-Key": KEY } : { "Content-Type": "application/json", "X-Cashu-Key": KEY },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : {};
  if (!response.ok || data.error) {
    const error = new Error(data.error ? data.error.message : `${response.status}`);
    error.code = data.error ? data.error.code : "http";
    throw error;
  }
  data.httpStatus = response.status;
  return data;
}

function showError(error) {
  const box = $("error");
  box.textContent = error.code === "mintUnreachable"
    ? `The mint cannot be reached: ${error.message}. Nothing was spent; try again when it is back.`
    : error.message;
  box.hidden = false;
  setTimeout(() => { box.hidden = true; }, 8000);
}

function sat(amount, unit) {
  return `${Number(amount).toLocaleString()} ${unit || "sat"}`;
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function svgNode(text) {
  const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "QR code");
  return document.importNode(svg, true);
}

// Texts longer than this are shown as NUT-16 animated QR codes (frames a scanner puts back together); longer than
// QR_FRAMES_LIMIT, as text only.
const QR_STATIC_LIMIT = 1000;
const QR_FRAMES_LIMIT = 20000;
const animations = new Map();
// Each container's latest request: an answer to an older one (a QR still being drawn when the next was asked for)
// is dropped, so a code never shows another text than the one beside it.
const generations = new Map();

function begin(container) {
  clearInterval(animations.get(container));
  animations.delete(container);
  delete container.dataset.frame;
  const generation = (generations.get(container) || 0) + 1;
  generations.set(container, generation);
  return () => generations.get(container) === generation;
}

// A QR code of `text`: one code, or for a long text its frames, four a second, with "part i of n" in `caption`.
async function showCode(container, text, caption) {
  if (caption) caption.textContent = "";
  if (text.length <= QR_STATIC_LIMIT) return showQR(container, text);
  const current = begin(container);
  container.replaceChildren();
  if (text.length > QR_FRAMES_LIMIT) {
    if (caption) caption.textContent = "Too long for QR codes: copy the text instead.";
    return;
  }
  const { parts, frames } = await api("POST", "/v1/qr/frames", { text });
  if (!current()) return;
  const nodes = frames.map((frame) => svgNode(frame.svg));
  let shown = 0;
  const step = () => {
    const index = shown % frames.length;
    container.replaceChildren(nodes[index]);
    container.dataset.frame = frames[index].text;
    if (caption) {
      caption.textContent = index < parts
        ? `Animated QR code (NUT-16): part ${index + 1} of ${parts}`
        : `Animated QR code (NUT-16): ${parts} parts, mixed frames; keep scanning`;
    }
    shown += 1;
  };
  step();
  animations.set(container, setInterval(step, 250));
}

// A token to hand over, under Send: as text, and as a QR code (animated when long).
async function showToken(token) {
  $("send-token").value = token;
  $("send-result").hidden = false;
  await showCode($("send-qr"), token, $("send-frames"));
}

async function showQR(container, text) {
  const current = begin(container);
  container.replaceChildren();
  const response = await fetch("/v1/qr", {
    method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json", "X-Cashu-Key": KEY },
    body: JSON.stringify({ text }),
  });
  if (!response.ok) return;
  const svg = await response.text();
  if (current()) container.appendChild(svgNode(svg));
}

// Whether a restore runs (its progress events move the bar).
let restoring = false;

function mintItem(mint) {
  const li = element("li", mint.name ? `${mint.name} (${mint.url}) ` : `${mint.url} `);
  if (mint.default) li.append(element("span", "default", "badge"));
  const button = (text, action) => {
    const node = element("button", text, "secondary");
    node.type = "button";
    node.addEventListener("click", async () => {
      node.disabled = true;
      try { await action(); } catch (error) { showError(error); }
      node.disabled = false;
    });
    li.append(node);
  };
  if (!mint.default) {
    button("Make default", async () => {
      await api("POST", "/v1/mints/default", { url: mint.url });
      await refreshMints();
    });
  }
  button("Restore from the phrase", async () => {
    $("restore-label").textContent = `Restoring from ${mint.url}…`;
    $("restore-progress").value = 0;
    $("restore-box").hidden = false;
    restoring = true;
    try {
      const restored = await api("POST", "/v1/restore", { url: mint.url });
      restoring = false;
      $("restore-progress").value = 1;
      $("restore-label").textContent = `Restored from ${mint.url}: ${sat(restored.amount)} found again `
        + `(${restored.proofs} proofs; ${restored.spent} already spent).`;
      await refreshAll();
    } catch (error) { restoring = false; $("restore-box").hidden = true; throw error; }
  });
  return li;
}

async function refreshQueue() {
  const { entries } = await api("GET", "/v1/queue");
  $("queue-list").replaceChildren(...(entries.length ? entries.map((entry) => element("li",
    `${entry.kind}${entry.amount ? ` of ${sat(entry.amount, entry.unit)}` : ""} at ${entry.mint}: `
    + (entry.state === "failed"
      ? `failed when the mint was back (${entry.reason}); the token stays in the wallet`
      : `waiting (${entry.reason}; ${entry.attempts} attempt${entry.attempts === 1 ? "" : "s"})`)))
    : [element("li", "Nothing waits for a mint.", "muted")]));
}

async function refreshRequests() {
  const { requests } = await api("GET", "/v1/payment-requests");
  $("request-list").replaceChildren(...requests.map((request) => {
    const li = element("li", `Request ${request.id} over Nostr: ${request.paid ? "paid" : "open"}, `
      + `${sat(request.received, request.unit)} received `);
    const close = element("button", "Close", "secondary");
    close.type = "button";
    close.addEventListener("click", async () => {
      try { await api("POST", `/v1/payment-requests/${encodeURIComponent(request.id)}/close`); await refreshRequests(); }
      catch (error) { showError(error); }
    });
    li.append(close);
    return li;
  }));
}

// Balance, mints and history.
async function refreshBalance() {
  const balance = await api("GET", "/v1/balance");
  const rows = balance.balances.map((row) => {
    const tr = element("tr");
    tr.append(element("td", row.mint), element("td", row.unit), element("td", sat(row.amount, row.unit), "num"));
    return tr;
  });
  $("balances").replaceChildren(...rows);
  $("total").textContent = sat(balance.totals.sat || 0, "sat");
  $("total").dataset.amount = String(balance.totals.sat || 0);
}

async function refreshMints() {
  const { mints } = await api("GET", "/v1/mints");
  $("mint-list").replaceChildren(...(mints.length ? mints.map(mintItem) : [element("li", "No mint yet.", "muted")]));
  for (const select of document.querySelectorAll(".mint-choice")) {
    const chosen = select.value;
    select.replaceChildren(...mints.map((mint) => {
      const option = element("option", mint.name ? `${mint.name} (${mint.url})` : mint.url);
      option.value = mint.url;
      return option;
    }));
    if (chosen) select.value = chosen;
  }
}

async function refreshHistory() {
  const { entries } = await api("GET", "/v1/activity?limit=200");
  $("history-rows").replaceChildren(...entries.map((entry) => {
    const tr = element("tr");
    tr.append(
      element("td", new Date(entry.createdAt * 1000).toLocaleString()),
      element("td", entry.kind),
      element("td", sat(entry.amount, entry.unit), "num"),
      element("td", sat(entry.fee, entry.unit), "num"),
      element("td", entry.state),
      element("td", entry.mint));
    return tr;
  }));
  drawChart(entries, Number($("total").dataset.amount || 0));
  const pending = entries.filter((entry) => entry.state === "pending");
  $("pending-list").replaceChildren(...(pending.length ? pending.map(pendingItem) : [element("li", "Nothing pending.", "muted")]));
}

function pendingItem(entry) {
  const li = element("li", `${entry.kind} of ${sat(entry.amount, entry.unit)} at ${entry.mint} `);
  if (entry.kind === "send") {
    const button = element("button", "Reclaim", "secondary");
    button.type = "button";
    button.addEventListener("click", async () => {
      try {
        const result = await api("POST", `/v1/pending/${encodeURIComponent(entry.id)}/reclaim`);
        $("status").textContent = `Reclaimed ${sat(result.amount, entry.unit)} (fee ${sat(result.fee, entry.unit)}).`;
        await refreshAll();
      } catch (error) { showError(error); }
    });
    li.append(button);
  }
  return li;
}

// The balance over time, walked back from today's balance through the settled history (sat only).
function drawChart(entries, current) {
  const signs = { mint: 1, receive: 1, restore: 1, reclaim: 1, send: -1, melt: -1, transfer: -1, burn: -1 };
  const points = [[Date.now() / 1000, current]];
  let balance = current;
  for (const entry of entries) {
    if (entry.state !== "done" || entry.unit !== "sat") continue;
    const sign = signs[entry.kind] || 0;
    const change = sign > 0 ? entry.amount - entry.fee : sign < 0 ? -(entry.amount + entry.fee) : 0;
    points.push([entry.createdAt, balance]);
    balance -= change;
    points.push([entry.createdAt - 0.001, balance]);
  }
  points.reverse();
  const times = points.map((p) => p[0]);
  const values = points.map((p) => p[1]);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const top = Math.max(1, ...values);
  const xy = points.map(([t, v]) => `${t1 > t0 ? ((t - t0) / (t1 - t0)) * 600 : 600},${160 - (v / top) * 150}`);
  const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
  line.setAttribute("points", xy.join(" "));
  $("chart").replaceChildren(line);
}

// Prepare, show, confirm.
function confirmBox(box, prepared, what, onConfirmed, onFailed) {
  box.replaceChildren();
  box.append(element("p", what));
  const figures = element("dl");
  const add = (term, value) => figures.append(element("dt", term), element("dd", value));
  const known = (value) => (value === undefined ? "unknown until the mint is added" : sat(value, prepared.unit));
  add("Amount", sat(prepared.amount, prepared.unit));
  add(prepared.kind === "receive" ? "Fee (the mint's)" : "Fee, at most", known(prepared.fee));
  add(prepared.kind === "receive" ? "You get" : "Leaves the balance, at most", known(prepared.total));
  if (prepared.receiverFee) add("The receiver's fee (out of the amount)", sat(prepared.receiverFee, prepared.unit));
  if (prepared.mint) add("Mint", prepared.mint);
  if (prepared.memo) add("Memo", prepared.memo);
  box.append(figures);
  if (prepared.kind === "receive" && prepared.canReceive === false) {
    box.append(element("p", "This token cannot be received here (an unknown mint, or a lock this wallet cannot open)."));
  }
  const confirm = element("button", "Confirm");
  confirm.type = "button";
  const cancel = element("button", "Cancel", "secondary");
  cancel.type = "button";
  confirm.addEventListener("click", async () => {
    confirm.disabled = cancel.disabled = true;
    let result;
    try {
      result = await api("POST", `/v1/prepared/${prepared.id}/confirm`);
    } catch (error) {
      showError(error);
      box.hidden = true;
      if (onFailed) onFailed(error);
      return;
    }
    // Confirmed: whatever fails from here (drawing a QR code, a refresh) is not the operation's failure.
    box.hidden = true;
    try { await onConfirmed(result); } catch (error) { showError(error); }
    await refreshAll().catch(showError);
  });
  cancel.addEventListener("click", async () => {
    confirm.disabled = cancel.disabled = true;
    try { await api("POST", `/v1/prepared/${prepared.id}/cancel`); } catch (error) { showError(error); }
    box.hidden = true;
  });
  box.append(confirm, cancel);
  box.hidden = false;
  confirm.focus();
}

function formValue(form, name) {
  const value = form.elements[name].value.trim();
  return value === "" ? undefined : value;
}

function wire() {
  $("mint-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    try {
      const quote = await api("POST", "/v1/mint-quotes", { amount: Number(formValue(form, "amount")), mint: formValue(form, "mint") });
      $("mint-invoice").value = quote.request;
      $("mint-state").textContent = "Waiting for the payment…";
      $("mint-state").dataset.quote = quote.id;
      $("mint-result").hidden = false;
      await showQR($("mint-qr"), quote.request);
    } catch (error) { showError(error); }
  });
  $("add-mint-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/v1/mints", { url: formValue(event.target, "url") });
      event.target.reset();
      await refreshMints();
    } catch (error) { showError(error); }
  });
  $("send-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    try {
      const prepared = await api("POST", "/v1/prepare/send", {
        amount: Number(formValue(form, "amount")), mint: formValue(form, "mint"), memo: formValue(form, "memo"),
      });
      confirmBox($("send-confirm"), prepared, "Make a token?", async (result) => {
        if (!result.token) {
          $("status").textContent = "The mint has not answered yet; the send stays pending (see Pending).";
          return;
        }
        await showToken(result.token);
      });
    } catch (error) { showError(error); }
  });
  $("send-copy").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("send-token").value));
  $("receive-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    $("receive-queue").hidden = true;
    $("receive-confirm").hidden = true;
    const body = { token: formValue(form, "token"), trustMint: form.elements.trust.checked };
    // The mint is down: offer to keep the token and receive it when the mint is back.
    const offerQueue = () => {
      $("receive-queue").hidden = false;
      $("receive-queue-button").onclick = async () => {
        $("receive-queue").hidden = true;
        try {
          const result = await api("POST", "/v1/queue/receive", body);
          $("status").textContent = result.state === "queued"
            ? "Kept: the token is received when its mint is back (see Pending)."
            : `Received ${sat(result.amount)} (fee ${sat(result.fee)}).`;
          form.reset();
          await refreshAll();
        } catch (error) { showError(error); }
      };
    };
    try {
      const prepared = await api("POST", "/v1/prepare/receive", body);
      if (prepared.mintUnreachable) {
        showError({ code: "mintUnreachable", message: prepared.mint || "the token's mint" });
        await api("POST", `/v1/prepared/${prepared.id}/cancel`).catch(() => {});
        offerQueue();
        return;
      }
      confirmBox($("receive-confirm"), prepared, "Receive this token?", async (result) => {
        $("status").textContent = `Received ${sat(result.amount, result.unit)} (fee ${sat(result.fee, result.unit)}).`;
        form.reset();
      }, (error) => { if (error.code === "mintUnreachable") offerQueue(); });
    } catch (error) {
      showError(error);
      if (error.code === "mintUnreachable") offerQueue();
    }
  });
  $("request-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const amount = formValue(form, "amount");
    try {
      const made = await api("POST", "/v1/payment-requests", {
        amount: amount ? Number(amount) : undefined, description: formValue(form, "description"),
        mint: formValue(form, "mint"), nostr: form.elements.nostr.checked,
      });
      $("request-text").value = made.request;
      $("request-note").textContent = made.nostr
        ? "Hand this request to the payer: the payment arrives over Nostr by itself."
        : "Hand this request to the payer; receive the token they give back under Receive.";
      $("request-result").hidden = false;
      await showCode($("request-qr"), made.request);
      await refreshRequests();
    } catch (error) { showError(error); }
  });
  $("logout").addEventListener("click", async () => {
    try { await api("POST", "/v1/logout"); } catch (error) { /* logged out either way */ }
    sessionStorage.removeItem("cashu-key");
    location.replace("/");
  });
  $("pay-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const amount = formValue(form, "amount");
    try {
      const prepared = await api("POST", "/v1/prepare/pay", {
        destination: formValue(form, "destination"), amount: amount ? Number(amount) : undefined, mint: formValue(form, "mint"),
      });
      confirmBox($("pay-confirm"), prepared, "Pay?", async (result) => {
        $("status").textContent = result.state === "pending"
          ? "The payment is in flight; its proofs stay pending until the mint settles it."
          : `Paid ${sat(result.amount, result.unit)} (fee ${sat(result.fee, result.unit)}).`;
        if (result.token) {
          // A payment request without a transport: the token is for the payee, handed over by the user.
          await showToken(result.token);
          $("status").textContent += " Hand the token under Send to the payee.";
        }
        form.reset();
      });
    } catch (error) { showError(error); }
  });
}

async function refreshAll() {
  await refreshBalance();
  await refreshHistory();
  await refreshQueue();
  await refreshRequests();
}

function listen() {
  const events = new EventSource(`/v1/events?k=${KEY}`);
  let timer;
  events.onopen = () => { $("status").textContent = "Connected."; };
  events.onerror = () => { $("status").textContent = "The service is not answering; retrying…"; };
  events.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.type === "mintQuotePaid" && $("mint-state").dataset.quote === event.quote) {
      $("mint-state").textContent = `Paid: ${sat(event.amount)} is being minted.`;
    }
    if (event.type === "mintReachability") {
      $("status").textContent = event.reachable ? `${event.mint} is reachable.` : `${event.mint} cannot be reached; queued work waits for it.`;
    }
    if (restoring && event.type === "operationProgressed" && event.kind === "restore" && event.total) {
      $("restore-progress").value = event.completed / event.total;
      $("restore-progress").dataset.completed = String(event.completed);
      $("restore-label").textContent = `Restoring from ${event.mint}… ${event.completed} batch`
        + `${event.completed === 1 ? "" : "es"} of outputs checked`;
    }
    if (event.type === "operationSettled" && event.kind === "mint") {
      $("mint-state").textContent = `Minted ${sat(event.amount)}.`;
    }
    clearTimeout(timer);
    timer = setTimeout(() => refreshAll().catch(showError), 200);
  };
}

document.addEventListener("DOMContentLoaded", async () => {
  wire();
  try {
    await refreshMints();
    await refreshAll();
    listen();
  } catch (error) {
    $("status").textContent = error.code === "unauthorized" ? "Not logged in: run `cashu daemon open`." : error.message;
  }
});
