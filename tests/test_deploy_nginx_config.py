"""deploy/nginx/gunshi.conf, the production proxy configuration, is valid for Debian's nginx.

``nginx -t`` checks the file as shipped, with only what a site must set replaced: the
certificate (a throw-away self-signed one), the path of the included locations, and the
listening ports (free ones on 127.0.0.1, so nothing needs root or port 80/443).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from deploy.local_stack import NGINX_DIR, free_port, nginx_binary


def _self_signed(directory: Path) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is needed for a throw-away certificate")
    cert, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=gunshi.test", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


def test_the_production_configuration_passes_nginx_t(tmp_path: Path) -> None:
    try:
        nginx = nginx_binary()
    except RuntimeError as missing:
        pytest.skip(str(missing))
    cert, key = _self_signed(tmp_path)
    site = (NGINX_DIR / "gunshi.conf").read_text()
    site = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {cert};", site)
    site = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};", site)
    site = site.replace(
        "/etc/nginx/gunshi-locations.conf", str(NGINX_DIR / "gunshi-locations.conf")
    )
    site = re.sub(r"listen \[::\]:\d+[^;]*;", "", site)
    site = site.replace("listen 80;", f"listen 127.0.0.1:{free_port()};")
    site = site.replace("listen 443 ", f"listen 127.0.0.1:{free_port()} ")
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{ include /etc/nginx/mime.types; access_log off; include {tmp_path}/site.conf; }}\n"
    )

    checked = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert checked.returncode == 0, checked.stderr
    assert "upstream gunshi_asgi" in site
    assert (
        "proxy_set_header Upgrade $http_upgrade"
        in (NGINX_DIR / "gunshi-locations.conf").read_text()
    )
