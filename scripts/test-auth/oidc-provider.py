"""Test OpenID provider: Authlib's OAuth 2.0 server components behind Flask, on loopback, for NUT-21/NUT-22 tests.

What it serves (issuer = http://HOST:PORT):
  GET  /.well-known/openid-configuration   discovery (OpenID Provider Metadata, validated by Authlib at start)
  GET  /jwks                               the public signing key (RS256 or ES256, with a kid)
  POST /token                              grants: password, refresh_token, urn:ietf:params:oauth:grant-type:device_code
  POST /device_authorization               RFC 8628 device authorization (device_code, user_code, verification_uri...)
  GET  /device                             the verification page (an HTML form) a user would open
  POST /device/verify                      the form's target: username, password, user_code[, action=deny]
Access tokens are RFC 9068 JWTs made by Authlib's JWTBearerTokenGenerator (typ at+jwt) with iss, sub, aud, azp,
client_id, exp, iat, jti, scope and preferred_username. Refresh tokens are opaque, single use (each refresh returns a
new one). Clients are public (no secret, token_endpoint_auth_method "none"), as a wallet is.

Everything lives in memory and ends with the process. Configuration comes from the environment (see README.md);
`scripts/test-auth/start` runs this and reads the "listening on" line it logs.
"""
import os
import re
import signal
import sys
import threading
import time
import uuid

os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")  # plain http is fine on loopback

from authlib.common.security import generate_token  # noqa: E402
from authlib.integrations.flask_oauth2 import AuthorizationServer  # noqa: E402
from authlib.oauth2 import OAuth2Error  # noqa: E402
from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin, grants  # noqa: E402
from authlib.oauth2.rfc8628 import (  # noqa: E402
    DeviceAuthorizationEndpoint,
    DeviceCodeGrant,
    DeviceCredentialDict,
)
from authlib.oauth2.rfc9068 import JWTBearerTokenGenerator  # noqa: E402
from authlib.oidc.discovery import OpenIDProviderMetadata  # noqa: E402
from flask import Flask, jsonify, request  # noqa: E402
from joserfc.jwk import ECKey, KeySet, RSAKey  # noqa: E402
from markupsafe import escape  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402


def env_int(name, default):
    value = int(os.environ.get(name, default))
    if value <= 0:
        sys.exit(f"oidc-provider: {name} must be positive")
    return value


HOST = os.environ.get("OIDC_LISTEN_HOST", "127.0.0.1")
FIXED_PORT = os.environ.get("OIDC_LISTEN_PORT")
CLIENT_ID = os.environ.get("OIDC_CLIENT_ID", "cashu-client")
OTHER_CLIENT_ID = os.environ.get("OIDC_OTHER_CLIENT_ID", "other-client")
USERNAME = os.environ.get("OIDC_USER", "cashu-test-user")
PASSWORD = os.environ.get("OIDC_PASSWORD") or sys.exit("oidc-provider: OIDC_PASSWORD is required")
ALG = os.environ.get("OIDC_SIGNING_ALG", "RS256")
ACCESS_TOKEN_LIFETIME = env_int("OIDC_ACCESS_TOKEN_LIFETIME", 300)
REFRESH_TOKEN_LIFETIME = env_int("OIDC_REFRESH_TOKEN_LIFETIME", 1800)
DEVICE_CODE_LIFETIME = env_int("OIDC_DEVICE_CODE_LIFETIME", 600)
DEVICE_INTERVAL = env_int("OIDC_DEVICE_INTERVAL", 1)
STOP_WITH_PID = os.environ.get("OIDC_STOP_WITH_PID")
SCOPES = ["openid", "profile", "email", "offline_access"]
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
GRANT_TYPES = ["password", "refresh_token", DEVICE_GRANT]

if ALG == "RS256":
    SIGNING_KEY = RSAKey.generate_key(2048, parameters={"alg": "RS256", "use": "sig"})
elif ALG == "ES256":
    SIGNING_KEY = ECKey.generate_key("P-256", parameters={"alg": "ES256", "use": "sig"})
else:
    sys.exit("oidc-provider: OIDC_SIGNING_ALG must be RS256 or ES256")
SIGNING_KEY.ensure_kid()  # the RFC 7638 thumbprint; PyJWKClient (Nutshell) picks the key by the token's kid
KEYS = KeySet([SIGNING_KEY])


def subject_of(username):
    """A stable opaque subject per user name, as providers use (Keycloak: a UUID)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "cashu-test-auth:" + username))


class User:
    def __init__(self, username):
        self.username = username

    def get_user_id(self):
        return subject_of(self.username)


def check_user(username, password):
    return User(username) if username == USERNAME and password == PASSWORD else None


class Client(ClientMixin):
    """A public client (no secret), allowed the three grants."""

    def __init__(self, client_id):
        self.client_id = client_id

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return " ".join(s for s in (scope or "").split() if s in SCOPES)

    def check_redirect_uri(self, redirect_uri):
        return False

    def check_client_secret(self, client_secret):
        return False

    def check_endpoint_auth_method(self, method, endpoint):
        return method == "none"

    def check_response_type(self, response_type):
        return False

    def check_grant_type(self, grant_type):
        return grant_type in GRANT_TYPES


CLIENTS = {c: Client(c) for c in (CLIENT_ID, OTHER_CLIENT_ID)}


class RefreshToken(TokenMixin):
    def __init__(self, client_id, username, scope):
        self.client_id = client_id
        self.username = username
        self.scope = scope
        self.expires_at = time.time() + REFRESH_TOKEN_LIFETIME
        self.revoked = False

    def check_client(self, client):
        return client.get_client_id() == self.client_id

    def get_scope(self):
        return self.scope

    def get_expires_in(self):
        return REFRESH_TOKEN_LIFETIME

    def is_expired(self):
        return time.time() >= self.expires_at

    def is_revoked(self):
        return self.revoked

    def get_user(self):
        return User(self.username)

    def get_client(self):
        return CLIENTS[self.client_id]


LOCK = threading.RLock()
REFRESH_TOKENS = {}  # refresh token -> RefreshToken
DEVICE_CREDENTIALS = {}  # device_code -> DeviceCredentialDict (with "last_poll" and the current "interval")
USER_GRANTS = {}  # normalized user_code -> (User, approved)


def normalize_user_code(code):
    # RFC 8628 §6.1: compare case-insensitively, ignoring the dash and spaces a user may type.
    return re.sub(r"[^A-Z0-9]", "", (code or "").upper())


def query_client(client_id):
    return CLIENTS.get(client_id)


def save_token(token, req):
    if "refresh_token" in token:
        with LOCK:
            REFRESH_TOKENS[token["refresh_token"]] = RefreshToken(
                req.client.get_client_id(), req.user.username, token.get("scope")
            )


class TokenGenerator(JWTBearerTokenGenerator):
    def get_jwks(self):
        return KEYS

    def get_extra_claims(self, client, grant_type, user, scope):
        # azp as Keycloak puts it: Nutshell refuses a token whose azp is not its MINT_AUTH_OICD_CLIENT_ID.
        return {"azp": client.get_client_id(), "preferred_username": user.username if user else None}

    def generate(self, grant_type, client, user=None, scope=None, expires_in=None, include_refresh_token=True):
        token = super().generate(grant_type, client, user, scope, expires_in, include_refresh_token)
        if "refresh_token" in token:
            token["refresh_expires_in"] = REFRESH_TOKEN_LIFETIME  # as Keycloak reports it
        return token


class PasswordGrant(grants.ResourceOwnerPasswordCredentialsGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["none"]

    def authenticate_user(self, username, password):
        return check_user(username, password)


class RefreshGrant(grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["none"]
    INCLUDE_NEW_REFRESH_TOKEN = True  # rotation: each refresh token is good for one refresh

    def authenticate_refresh_token(self, refresh_token):
        with LOCK:
            token = REFRESH_TOKENS.get(refresh_token)
        if token and not token.is_expired() and not token.is_revoked():
            return token
        return None

    def authenticate_user(self, refresh_token):
        return refresh_token.get_user()

    def revoke_old_credential(self, refresh_token):
        with LOCK:
            refresh_token.revoked = True


class DeviceAuthorization(DeviceAuthorizationEndpoint):
    EXPIRES_IN = DEVICE_CODE_LIFETIME
    INTERVAL = DEVICE_INTERVAL

    def get_verification_uri(self):
        return ISSUER + "/device"

    def save_device_credential(self, client_id, scope, data):
        credential = DeviceCredentialDict(
            client_id=client_id, scope=scope, expires_at=time.time() + DEVICE_CODE_LIFETIME, last_poll=0.0, **data
        )
        with LOCK:
            DEVICE_CREDENTIALS[data["device_code"]] = credential


class DeviceGrant(DeviceCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["none"]

    def query_device_credential(self, device_code):
        with LOCK:
            return DEVICE_CREDENTIALS.get(device_code)

    def query_user_grant(self, user_code):
        with LOCK:
            return USER_GRANTS.get(normalize_user_code(user_code))

    def should_slow_down(self, credential):
        # RFC 8628 §3.5: a client polling faster than the interval gets slow_down, and its interval grows by 5 s.
        now = time.time()
        with LOCK:
            too_soon = now - credential["last_poll"] < credential["interval"]
            credential["last_poll"] = now
            if too_soon:
                credential["interval"] += 5
        return too_soon

    def create_token_response(self):
        response = super().create_token_response()
        credential = self.request.credential
        with LOCK:  # a device code is good for one token response
            DEVICE_CREDENTIALS.pop(credential["device_code"], None)
            USER_GRANTS.pop(normalize_user_code(credential["user_code"]), None)
        return response


def bind():
    """Binds the server: on OIDC_LISTEN_PORT, or on a free port in 26000-31999 (as scripts/test-mint/start picks)."""
    import random

    ports = [int(FIXED_PORT)] if FIXED_PORT else random.sample(range(26000, 32000), 200)
    for port in ports:
        try:
            return make_server(HOST, port, app, threaded=True)
        except OSError as error:
            if FIXED_PORT:
                sys.exit(f"oidc-provider: cannot listen on {HOST}:{port}: {error}")
    sys.exit("oidc-provider: no free port in 26000-31999")


app = Flask(__name__)
server = AuthorizationServer(app, query_client=query_client, save_token=save_token)
server.scopes_supported = SCOPES
httpd = bind()
ISSUER = f"http://{HOST}:{httpd.server_port}"
server.register_token_generator(
    "default",
    TokenGenerator(
        issuer=ISSUER,
        alg=ALG,
        refresh_token_generator=lambda **_: generate_token(48),
        expires_generator=lambda client, grant_type: ACCESS_TOKEN_LIFETIME,
    ),
)
server.register_grant(PasswordGrant)
server.register_grant(RefreshGrant)
server.register_grant(DeviceGrant)
server.register_endpoint(DeviceAuthorization)

METADATA = OpenIDProviderMetadata(
    issuer=ISSUER,
    token_endpoint=ISSUER + "/token",
    device_authorization_endpoint=ISSUER + "/device_authorization",
    jwks_uri=ISSUER + "/jwks",
    grant_types_supported=GRANT_TYPES,
    # OpenID Provider Metadata requires this list; with no authorization endpoint there is no response type to offer.
    response_types_supported=["none"],
    subject_types_supported=["public"],
    # OpenID Provider Metadata requires RS256 here. No ID token is issued: the access tokens are what Nutshell checks.
    id_token_signing_alg_values_supported=sorted({"RS256", ALG}),
    token_endpoint_auth_methods_supported=["none"],
    scopes_supported=SCOPES,
    claims_supported=["iss", "sub", "aud", "azp", "exp", "iat", "jti", "scope", "client_id", "preferred_username"],
)
METADATA.validate()


@app.get("/.well-known/openid-configuration")
def discovery():
    return jsonify(dict(METADATA))


@app.get("/jwks")
def jwks():
    return jsonify(KEYS.as_dict(private=False))


@app.post("/token")
def issue_token():
    return server.create_token_response()


@app.post("/device_authorization")
def device_authorization():
    return server.create_endpoint_response(DeviceAuthorization.ENDPOINT_NAME)


PAGE = """<!doctype html><meta charset="utf-8"><title>Device login</title>
<h1>{title}</h1><p>{message}</p>
<form method="post" action="/device/verify">
<label>User code <input name="user_code" value="{user_code}"></label><br>
<label>User name <input name="username"></label><br>
<label>Password <input name="password" type="password"></label><br>
<button name="action" value="approve">Approve</button> <button name="action" value="deny">Deny</button>
</form>"""


def page(status, title, message, user_code=""):
    body = PAGE.format(title=escape(title), message=escape(message), user_code=escape(user_code))
    return body, status, {"Content-Type": "text/html; charset=utf-8"}


@app.get("/device")
def device_page():
    return page(200, "Device login", "Enter the code shown on your device.", request.args.get("user_code", ""))


@app.post("/device/verify")
def device_verify():
    """The user side of the device flow: approves (or, with action=deny, denies) a pending user code."""
    user_code = normalize_user_code(request.form.get("user_code"))
    with LOCK:
        pending = any(
            normalize_user_code(c["user_code"]) == user_code and not c.is_expired()
            for c in DEVICE_CREDENTIALS.values()
        )
    if not pending:
        return page(400, "Unknown code", "This code is unknown or has expired.", request.form.get("user_code", ""))
    user = check_user(request.form.get("username"), request.form.get("password"))
    if user is None:
        return page(401, "Login failed", "Wrong user name or password.", request.form.get("user_code", ""))
    approved = request.form.get("action", "approve") != "deny"
    with LOCK:
        USER_GRANTS[user_code] = (user, approved)
    return page(200, "Device approved" if approved else "Device denied", "You may return to your device.")


@app.errorhandler(OAuth2Error)
def oauth2_error(error):
    return server.handle_error_response(None, error)


def watch_parent(pid):
    """Ends this provider once process `pid` has ended (or is a zombie), like the test mint's watchdog."""

    def alive():
        try:
            os.kill(pid, 0)
            with open(f"/proc/{pid}/stat") as stat:
                return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
        except (OSError, IndexError):
            return False

    while alive():
        time.sleep(0.5)
    print(f"oidc-provider: process {pid} ended; stopping", flush=True)
    os.kill(os.getpid(), signal.SIGTERM)


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if STOP_WITH_PID:
        threading.Thread(target=watch_parent, args=(int(STOP_WITH_PID),), daemon=True).start()
    print(f"oidc-provider: listening on {ISSUER} (issuer {ISSUER}, alg {ALG}, kid {SIGNING_KEY.kid})", flush=True)
    try:
        httpd.serve_forever()
    finally:
        # The directory start made for this provider (its working directory, holding its log).
        directory = os.getcwd()
        if os.path.basename(directory).startswith("cashu-test-auth."):
            import shutil

            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
