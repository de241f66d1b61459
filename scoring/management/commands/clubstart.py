"""``python manage.py clubstart --host H --port P``: print how to get in (with no user yet, a one-time
setup URL for the first administrator), then become gunicorn (``--dev``: Django's runserver)."""

from __future__ import annotations

import os
import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand

from clubsite.deploy import WILDCARD_BINDS, lan_addresses
from scoring import generations
from scoring.access import setup_token_issue


def gunicorn_argv(host: str, port: str) -> list[str]:
    """gunicorn, 2 processes × 4 threads (the app waits mostly on the database), trusting forwarded headers
    only from ``CLUB_TRUSTED_PROXIES``. Request lines up to 8190 bytes reach the app, which explains a
    URL over ``CLUB_MAX_URL_BYTES`` better than a bare 414; no control socket (one path per user)."""
    bind = f"[{host.strip('[]')}]:{port}" if ":" in host else f"{host}:{port}"
    proxies = ",".join(str(net) for net in settings.CLUB_TRUSTED_PROXIES) or "127.0.0.1,::1"
    return [sys.executable, "-m", "gunicorn", "clubsite.wsgi:application", "--bind", bind,
            "--workers", os.environ.get("CLUB_WORKERS", "2"), "--threads", os.environ.get("CLUB_THREADS", "4"),
            "--worker-class", "gthread", "--timeout", "60", "--graceful-timeout", "10",
            "--access-logfile", "-", "--forwarded-allow-ips", proxies, "--limit-request-line", "8190",
            "--no-control-socket"]


class Command(BaseCommand):
    help = "Print the address (and the first-run setup URL when no user exists), then serve the app."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", default="8000")
        parser.add_argument("--no-serve", action="store_true", help="only print the instructions")
        parser.add_argument("--dev", action="store_true", help="Django's development server instead of gunicorn")

    def handle(self, *args, host: str, port: str, no_serve: bool = False, dev: bool = False, **options) -> None:
        generations.clear()  # the shared page cache outlives restarts: nothing drawn by older code is shown
        wildcard = host in WILDCARD_BINDS
        shown = "localhost" if wildcard or host == "127.0.0.1" else host
        base = f"http://{shown}:{port}"
        lan = [f"http://{addr}:{port}" for addr in lan_addresses()] if wildcard else []
        if not get_user_model().objects.exists():
            token = setup_token_issue()
            self.stdout.write(self.style.WARNING("まだユーザーがいません。最初の管理者を作成してください(24時間・一度だけ有効):"))
            self.stdout.write(f"  {base}/setup/?token={token}")
            for url in lan[:1]:
                self.stdout.write(f"  {url}/setup/?token={token}   (同じネットワークの別の端末から)")
            self.stdout.write("  (No user yet: open this one-time URL to create the first administrator,"
                              " or run `python manage.py createsuperuser`.)")
        else:
            self.stdout.write(f"ログイン: {base}/accounts/login/  (管理者が作成したユーザー名とパスワードで)")
        self.stdout.write(self.style.SUCCESS(f"麻雀クラブ成績管理: {base}/"))
        for url in lan:
            self.stdout.write(self.style.SUCCESS(f"クラブのネットワークのスマホからはこちら: {url}/"))
        if wildcard and not lan:
            self.stdout.write("  (このコンピューターの LAN アドレスが見つかりませんでした)")
        server = "runserver (DEBUG)" if dev else "gunicorn"
        self.stdout.write(f"server: {server}, DEBUG={'on' if settings.DEBUG else 'off'}, "
                          f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}")
        if no_serve:
            return
        self.stdout.flush()
        if dev:
            call_command("runserver", f"{host}:{port}", use_reloader=False)  # print the banner once
            return
        os.environ["CLUB_HOST"] = host  # the workers compute the same allowed hosts
        sys.stdout.flush()
        argv = gunicorn_argv(host, port)
        os.execv(argv[0], argv)
