"""Authentication: passwords in, signed access tokens out."""

import hashlib
import hmac
import time

SECRET = b"demo-only-secret"


def login(user: str, password: str, stored_hash: str) -> str:
    """Check the password and return an access token."""
    digest = hashlib.sha256(password.encode()).hexdigest()
    if not hmac.compare_digest(digest, stored_hash):
        raise PermissionError("wrong password")
    return issue_token(user)


def issue_token(user: str, ttl_s: int = 900) -> str:
    """A signed token valid for ttl_s seconds."""
    expires = int(time.time()) + ttl_s
    payload = f"{user}:{expires}"
    signature = hmac.new(SECRET, payload.encode(), hashlib.sha256).hexdigest()
    return f"{payload}:{signature}"
