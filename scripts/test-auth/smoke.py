"""End-to-end check of the test OpenID provider against a real Nutshell 0.21.0 mint with MINT_REQUIRE_AUTH=TRUE.

Run by scripts/test-auth/smoke (which starts both and passes MINT_URL and the OIDC_* lines in the environment) with
.venv-mint's Python: the blind signatures of NUT-22 use Nutshell's own BDHKE code, and the forged tokens of the
refusal checks are signed with PyJWT and a key of their own. The OpenID side goes through plain HTTP only, as a wallet
would. Prints each request's answer as it observed it; exits 1 on the first check that fails.
"""
import base64
import json
import os
import secrets
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import jwt
from cashu.core.base import AuthProof
from cashu.core.crypto import b_dhke
from cashu.core.crypto.secp import PrivateKey, PublicKey
from cryptography.hazmat.primitives.asymmetric import ec, rsa

MINT = os.environ["MINT_URL"]
DISCOVERY_URL = os.environ["OIDC_DISCOVERY_URL"]
CLIENT_ID = os.environ["OIDC_CLIENT_ID"]
OTHER_CLIENT_ID = os.environ["OIDC_OTHER_CLIENT_ID"]
USER = os.environ["OIDC_USER"]
PASSWORD = os.environ["OIDC_PASSWORD"]
RATE_LIMIT = int(os.environ["MINT_AUTH_RATE_LIMIT_PER_MINUTE"])
clear_auth_accepted = 0  # clear-auth requests the mint accepted: its per-user rate limit counts them


def show(label, value):
    text = value if isinstance(value, str) else json.dumps(value)
    print(f"  {label}: {text}")


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {what}")


def http(method, url, *, form=None, body=None, headers=None):
    """(status, parsed JSON body or text) of one request; HTTP errors are answers too."""
    data, all_headers = None, dict(headers or {})
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        all_headers["Content-Type"] = "application/x-www-form-urlencoded"
    elif body is not None:
        data = json.dumps(body).encode()
        all_headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=all_headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=15) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


def claims(token):
    return jwt.decode(token, options={"verify_signature": False})


def header(token):
    return jwt.get_unverified_header(token)


# --- the mint's info and the provider's discovery -------------------------------------------------------------------

status, info = http("GET", MINT + "/v1/info")
check(status == 200 and "21" in info["nuts"] and "22" in info["nuts"], "GET /v1/info shows nut21 and nut22")
show("nuts.21", info["nuts"]["21"])
show("nuts.22", info["nuts"]["22"])
check(info["nuts"]["21"]["openid_discovery"] == DISCOVERY_URL, "nut21.openid_discovery is the provider's URL")
check(info["nuts"]["21"]["client_id"] == CLIENT_ID, "nut21.client_id is the provider's client")
BAT_MAX_MINT = info["nuts"]["22"]["bat_max_mint"]

status, oidc = http("GET", DISCOVERY_URL)
check(status == 200, "provider discovery document")
show("discovery", oidc)
TOKEN_URL = oidc["token_endpoint"]
DEVICE_URL = oidc["device_authorization_endpoint"]
status, jwks = http("GET", oidc["jwks_uri"])
show("jwks", jwks)


def token_request(form):
    return http("POST", TOKEN_URL, form=form)


def password_grant(client_id=CLIENT_ID, password=PASSWORD):
    return token_request(
        {"grant_type": "password", "client_id": client_id, "username": USER, "password": password, "scope": "openid"}
    )


# --- NUT-22 key material and blinded outputs ------------------------------------------------------------------------

status, keysets = http("GET", MINT + "/v1/auth/blind/keysets")
check(status == 200 and len(keysets["keysets"]) == 1, "GET /v1/auth/blind/keysets without any auth")
show("GET /v1/auth/blind/keysets", keysets)
status, keys = http("GET", MINT + "/v1/auth/blind/keys")
check(status == 200, "GET /v1/auth/blind/keys without any auth")
show("GET /v1/auth/blind/keys", keys)
KEYSET = keys["keysets"][0]
KEYSET_ID = KEYSET["id"]
check(KEYSET["unit"] == "auth" and list(KEYSET["keys"]) == ["1"], "the auth keyset has unit 'auth' and amount 1 only")
status, one = http("GET", f"{MINT}/v1/auth/blind/keys/{KEYSET_ID}")
check(status == 200 and one["keysets"][0]["id"] == KEYSET_ID, "GET /v1/auth/blind/keys/{keyset_id}")
MINT_PUBKEY = PublicKey(bytes.fromhex(KEYSET["keys"]["1"]))


def blinded_outputs(n):
    secrets_and_factors, outputs = [], []
    for _ in range(n):
        secret = secrets.token_hex(32)
        B_, r = b_dhke.step1_alice(secret, PrivateKey())
        secrets_and_factors.append((secret, r))
        outputs.append({"amount": 1, "id": KEYSET_ID, "B_": B_.format().hex()})
    return secrets_and_factors, outputs


def blind_mint(access_token, n=1):
    """POST /v1/auth/blind/mint with Clear-auth; returns (status, body, BATs as authA strings)."""
    global clear_auth_accepted
    secrets_and_factors, outputs = blinded_outputs(n)
    headers = {} if access_token is None else {"Clear-auth": access_token}
    status, body = http("POST", MINT + "/v1/auth/blind/mint", body={"outputs": outputs}, headers=headers)
    bats = []
    if status == 200:
        clear_auth_accepted += 1
        for (secret, r), signature in zip(secrets_and_factors, body["signatures"]):
            C = b_dhke.step3_alice(PublicKey(bytes.fromhex(signature["C_"])), r, MINT_PUBKEY)
            bats.append(AuthProof(id=signature["id"], secret=secret, C=C.format().hex()).to_base64())
    return status, body, bats


def refused(status, body, code):
    return status == 400 and isinstance(body, dict) and body.get("code") == code


# --- (2)+(3) password grant, clear auth accepted and refused --------------------------------------------------------

status, tokens = password_grant()
check(status == 200 and tokens["token_type"] == "Bearer" and "refresh_token" in tokens, "password grant")
show("password grant answer (tokens shortened)", {k: (v[:16] + "...") if "token" in k and k != "token_type" else v
                                                   for k, v in tokens.items()})
show("access token header", header(tokens["access_token"]))
show("access token claims", claims(tokens["access_token"]))

status, body, bats = blind_mint(tokens["access_token"], 3)
check(status == 200 and len(bats) == 3, "POST /v1/auth/blind/mint with Clear-auth: <password-grant token> accepted")
show("POST /v1/auth/blind/mint answer", body)
show("a BAT (Blind-auth header value)", bats[0])
show("  its JSON", json.loads(base64.urlsafe_b64decode(bats[0][5:] + "=" * (-len(bats[0][5:]) % 4))))

status, body, _ = blind_mint(None)
check(refused(status, body, 0), "no Clear-auth header: HTTP 400, code 0 (not 30001)")
show("no Clear-auth", [status, body])
status, body, _ = blind_mint("not-a-jwt")
check(refused(status, body, 30002), "Clear-auth that is not a JWT: 30002")
show("Clear-auth: not-a-jwt", [status, body])

# --- NUT-22: the BATs at blind-auth endpoints -----------------------------------------------------------------------

quote_request = {"unit": "sat", "amount": 10}
status, body = http("POST", MINT + "/v1/mint/quote/bolt11", body=quote_request)
check(refused(status, body, 0), "POST /v1/mint/quote/bolt11 with no Blind-auth: HTTP 400, code 0 (not 31001)")
show("no Blind-auth", [status, body])
status, body = http("POST", MINT + "/v1/mint/quote/bolt11", body=quote_request, headers={"Blind-auth": bats[0]})
check(status == 200 and "quote" in body, "POST /v1/mint/quote/bolt11 with Blind-auth: <BAT> accepted")
show("mint quote answer", body)
status, body = http("POST", MINT + "/v1/mint/quote/bolt11", body=quote_request, headers={"Blind-auth": bats[0]})
check(refused(status, body, 31002), "the same BAT again (spent): 31002")
show("spent BAT", [status, body])
forged = AuthProof.from_base64(bats[1])
forged.C = PrivateKey().public_key.format().hex()
status, body = http("POST", MINT + "/v1/mint/quote/bolt11", body=quote_request,
                    headers={"Blind-auth": forged.to_base64()})
check(refused(status, body, 31002), "a BAT with a wrong signature: 31002")
status, body = http("POST", MINT + "/v1/mint/quote/bolt11", body=quote_request,
                    headers={"Blind-auth": "authAnot-base64!"})
check(refused(status, body, 31002), "a Blind-auth value that does not decode: 31002")
# An endpoint that refuses the request itself (here: an unknown unit) raises inside the blind-auth middleware, which
# reports 31002 instead of the endpoint's own error and leaves the BAT unspent.
status, body = http("POST", MINT + "/v1/mint/quote/bolt11", body={"unit": "nope", "amount": 10},
                    headers={"Blind-auth": bats[1]})
check(refused(status, body, 31002), "a valid BAT on a request the endpoint refuses: 31002, not the endpoint's error")
show("endpoint refusing the request itself", [status, body])
status, body = http("POST", MINT + "/v1/mint/quote/bolt11", body=quote_request, headers={"Blind-auth": bats[1]})
check(status == 200, "that BAT is still unspent: accepted afterwards")
# A body that fails FastAPI's validation gets 422 from inside the middleware, which counts as success: BAT spent.
status, body = http("POST", MINT + "/v1/mint/quote/bolt11", body={"unit": "sat"}, headers={"Blind-auth": bats[2]})
check(status == 422, "a valid BAT on a body that fails validation: HTTP 422")
show("invalid body", [status, body])
status, body = http("POST", MINT + "/v1/mint/quote/bolt11", body=quote_request, headers={"Blind-auth": bats[2]})
check(refused(status, body, 31002), "that BAT is spent: 31002 afterwards")
status, body = http("GET", MINT + "/v1/keysets")
check(status == 200, "GET /v1/keysets needs no auth (not in either list)")

status, tokens = password_grant()
status, body, _ = blind_mint(tokens["access_token"], BAT_MAX_MINT + 1)
check(refused(status, body, 31003), f"{BAT_MAX_MINT + 1} outputs (> bat_max_mint): 31003")
show("too many outputs", [status, body])

# --- (5) refresh_token grant -----------------------------------------------------------------------------------------

status, refreshed = token_request(
    {"grant_type": "refresh_token", "client_id": CLIENT_ID, "refresh_token": tokens["refresh_token"]}
)
check(status == 200 and refreshed["refresh_token"] != tokens["refresh_token"], "refresh_token grant (rotated)")
status, body, _ = blind_mint(refreshed["access_token"])
check(status == 200, "the refreshed access token is accepted by the mint")
status, body = token_request(
    {"grant_type": "refresh_token", "client_id": CLIENT_ID, "refresh_token": tokens["refresh_token"]}
)
check(status == 400 and body["error"] == "invalid_grant", "a used refresh token: invalid_grant")
show("used refresh token", [status, body])

# --- (4) device authorization grant (RFC 8628), approved through /device/verify --------------------------------------

status, device = http("POST", DEVICE_URL, form={"client_id": CLIENT_ID, "scope": "openid"})
check(status == 200 and {"device_code", "user_code", "verification_uri"} <= device.keys(), "device authorization")
show("device authorization answer", device)
device_grant = {"grant_type": "urn:ietf:params:oauth:grant-type:device_code", "client_id": CLIENT_ID,
                "device_code": device["device_code"]}
status, body = token_request(device_grant)
check(status == 400 and body["error"] == "authorization_pending", "polling before approval: authorization_pending")
show("pending", [status, body])
verify_url = device["verification_uri"] + "/verify"
status, page = http("POST", verify_url, form={"user_code": device["user_code"], "username": USER, "password": "x"})
check(status == 401, "POST /device/verify with a wrong password: 401")
status, page = http("POST", verify_url, form={"user_code": device["user_code"].lower().replace("-", ""),
                                              "username": USER, "password": PASSWORD})
check(status == 200 and "approved" in page, "POST /device/verify with user, password and user_code: approved")
time.sleep(device["interval"])  # the client's polling interval (RFC 8628 §3.5), not a readiness wait
status, device_tokens = token_request(device_grant)
check(status == 200 and "refresh_token" in device_tokens, "polling after approval: tokens")
status, body, _ = blind_mint(device_tokens["access_token"])
check(status == 200, "the device-flow access token is accepted by the mint")
status, body = token_request(device_grant)
check(status == 400 and body["error"] == "invalid_request", "the device code again: invalid_request (single use)")
show("device code reused", [status, body])

status, device2 = http("POST", DEVICE_URL, form={"client_id": CLIENT_ID})
grant2 = dict(device_grant, device_code=device2["device_code"])
token_request(grant2)
status, body = token_request(grant2)
check(status == 400 and body["error"] == "slow_down", "polling faster than the interval: slow_down")
http("POST", verify_url, form={"user_code": device2["user_code"], "username": USER, "password": PASSWORD,
                               "action": "deny"})
status, body = token_request(grant2)
check(status == 400 and body["error"] == "access_denied", "a denied device code: access_denied")

# --- (6) tokens the mint must refuse ---------------------------------------------------------------------------------

status, other = password_grant(client_id=OTHER_CLIENT_ID)
check(status == 200 and claims(other["access_token"])["azp"] == OTHER_CLIENT_ID, "a token for the other client")
status, body, _ = blind_mint(other["access_token"])
check(refused(status, body, 30002), "token with azp of another client: 30002")
show("wrong client", [status, body])

status, good = password_grant()
good_header = header(good["access_token"])
alg = good_header["alg"]
if alg == "ES256":
    wrong_key = ec.generate_private_key(ec.SECP256R1())
else:
    wrong_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
same_kid = jwt.encode(claims(good["access_token"]), wrong_key, algorithm=alg, headers=good_header)
status, body, _ = blind_mint(same_kid)
check(refused(status, body, 30002), f"the same claims signed with another {alg} key (same kid): 30002")
unknown_kid = jwt.encode(claims(good["access_token"]), wrong_key, algorithm=alg, headers={"kid": "unknown"})
status, body, _ = blind_mint(unknown_kid)
check(refused(status, body, 30002), "signed with another key under an unknown kid: 30002")
unsigned = jwt.encode(claims(good["access_token"]), None, algorithm="none")
status, body, _ = blind_mint(unsigned)
check(refused(status, body, 30002), "alg none: 30002")
status, body, _ = blind_mint(good["access_token"])
check(status == 200, "the provider's own token, by contrast, is accepted")

wrong_password = password_grant(password="wrong")
check(wrong_password[0] == 400 and wrong_password[1]["error"] == "invalid_request", "password grant, wrong password")
show("wrong password", wrong_password)

# --- expiry ----------------------------------------------------------------------------------------------------------

status, short = password_grant()
expires = claims(short["access_token"])["exp"]
show("access token lifetime (s)", short["expires_in"])
time.sleep(max(0.0, expires - time.time()) + 1.1)  # until the token's own exp has passed
status, body, _ = blind_mint(short["access_token"])
check(refused(status, body, 30002), "an expired access token: 30002")

# --- Nutshell's per-user limit on clear-auth requests ----------------------------------------------------------------

status, fresh = password_grant()
seen = None
for _ in range(RATE_LIMIT + 1):
    status, body, _ = blind_mint(fresh["access_token"])
    if status != 200:
        seen = (status, body)
        break
check(seen is not None and refused(*seen, 31004),
      f"more than MINT_AUTH_RATE_LIMIT_PER_MINUTE={RATE_LIMIT} accepted clear-auth requests a minute: 31004")
show("rate limited", seen)
print(f"smoke: all checks passed ({clear_auth_accepted} clear-auth requests accepted)")
