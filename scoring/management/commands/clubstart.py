"""``python manage.py clubstart --host H --port P``: say how to get in, then run the server.

With no user yet it prints a one-time setup URL (``/setup/?token=…``) for the first
administrator; otherwise the address and how to log in.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand

from scoring.access import setup_token


class Command(BaseCommand):
    help = "Print the address (and the first-run setup URL when no user exists), then run the server."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", default="8000")
        parser.add_argument("--no-serve", action="store_true", help="only print the instructions")

    def handle(self, *args, host: str, port: str, no_serve: bool = False, **options) -> None:
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::", "") else host
        base = f"http://{shown}:{port}"
        if not get_user_model().objects.exists():
            url = f"{base}/setup/?token={setup_token()}"
            self.stdout.write(self.style.WARNING("まだユーザーがいません。最初の管理者を作成してください:"))
            self.stdout.write(f"  {url}")
            self.stdout.write("  (No user yet: open this one-time URL to create the first administrator.)")
        else:
            self.stdout.write(f"ログイン: {base}/accounts/login/  (管理者が作成したユーザー名とパスワードで)")
        self.stdout.write(self.style.SUCCESS(f"麻雀クラブ成績管理: {base}/"))
        if not no_serve:
            call_command("runserver", f"{host}:{port}", use_reloader=False)  # print the banner once
