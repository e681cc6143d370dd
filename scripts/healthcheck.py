"""Exit 0 when the explorer in this container answers its health endpoint, 1 otherwise.

The Docker HEALTHCHECK and compose.yaml run it. Python's urllib, because the
slim image has no curl. It follows the same variables as Streamlit, so a
changed port or a base URL path (behind a reverse proxy) still checks the
right address: ``STREAMLIT_SERVER_PORT`` (default 8501) and
``STREAMLIT_SERVER_BASE_URL_PATH`` (default none).
"""

import os
import sys
import urllib.request


def build_health_url(environ: dict[str, str]) -> str:
    """The URL of Streamlit's ``/_stcore/health`` endpoint on this machine's loopback."""
    port = environ.get("STREAMLIT_SERVER_PORT") or "8501"
    base = environ.get("STREAMLIT_SERVER_BASE_URL_PATH", "").strip("/")
    prefix = f"/{base}" if base else ""
    return f"http://127.0.0.1:{port}{prefix}/_stcore/health"


def main() -> int:
    url = build_health_url(dict(os.environ))
    try:
        with urllib.request.urlopen(url, timeout=4) as response:
            body = response.read().decode()
    except OSError as error:
        print(f"{url}: {error}", file=sys.stderr)
        return 1
    if body.strip() != "ok":
        print(f"{url}: answered {body!r}, expected 'ok'", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
