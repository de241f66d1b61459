"""Settings for the club scorekeeper. Everything deployment-specific comes from the environment:

- ``DJANGO_SECRET_KEY`` (else a key generated on first run into ``.secret_key``, git-ignored;
  ``DJANGO_SECRET_KEY_FILE`` moves that file)
- ``DJANGO_DEBUG`` (off unless ``1``; ``make dev`` turns it on)
- ``CLUB_HOST`` (the address ``make run`` binds: ``0.0.0.0`` adds this machine's LAN addresses to the
  allowed hosts) and ``DJANGO_ALLOWED_HOSTS`` (more host names, comma-separated)
- ``CLUB_LAN_ADDRESS`` (bound to ``0.0.0.0``: the address or name phones reach this machine by, for
  the room display's QR codes, when the first network card's is not the one)
- ``CLUB_HTTPS=1`` behind the HTTPS reverse proxy of the README (secure cookies, HSTS, proxy header)
- ``CLUB_TRUSTED_PROXIES`` (the reverse proxy's address, e.g. ``127.0.0.1``: its ``X-Real-IP`` names
  the client for login throttling), ``CLUB_LOGIN_FAILURE_LIMIT``, ``CLUB_ADDRESS_FAILURE_LIMIT``
- ``DATABASE_URL`` (PostgreSQL, e.g. ``postgres://club:pw@localhost/club``), else SQLite at
  ``DJANGO_DB_PATH`` (default ``db.sqlite3``; readable by its owner only)
- ``CLUB_PUBLIC_BOARDS`` (``0``: results only for logged-in users), ``DJANGO_TIME_ZONE``
- ``CLUB_SIGN_OFF=1`` (each of the four players confirms a finished hanchan's result)
- ``CLUB_REDIS_URL`` (the page cache in Redis instead of the database)
- ``DJANGO_STATIC_ROOT`` (where collectstatic writes, default ``staticfiles/``)
"""

import os
from datetime import timedelta
from pathlib import Path

from clubsite.deploy import (WILDCARD_BINDS, allowed_hosts, lan_addresses, private_sqlite, secret_key, trusted_proxies,
                             without_traceback)

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).lower() in {"1", "true", "yes", "on"}


SECRET_KEY = secret_key(Path(os.environ.get("DJANGO_SECRET_KEY_FILE", BASE_DIR / ".secret_key")))
DEBUG = env_bool("DJANGO_DEBUG", False)
CLUB_HOST = os.environ.get("CLUB_HOST", "127.0.0.1")
# bound to every interface: where phones on the club's network reach this machine (the room display's
# QR codes use the first when the display itself runs on this machine, as localhost)
CLUB_LAN_ADDRESSES = lan_addresses() if CLUB_HOST in WILDCARD_BINDS else []
ALLOWED_HOSTS = allowed_hosts(CLUB_HOST, os.environ.get("DJANGO_ALLOWED_HOSTS", ""), lan=CLUB_LAN_ADDRESSES)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "simple_history",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",  # pages and htmx answers; see "Compressed responses" below
    "clubsite.middleware.PrivateAnswersMiddleware",  # Cache-Control: private (no-store with a session)
    "clubsite.middleware.ContentSecurityPolicyMiddleware",
    "clubsite.middleware.MethodMiddleware",  # GET, HEAD, POST; else 405
    "clubsite.middleware.RequestSizeLimitMiddleware",
    "clubsite.middleware.LongUrlMiddleware",
    "clubsite.middleware.BusyDatabaseMiddleware",  # a write that waited out the busy timeout: 503
    "django.contrib.sessions.middleware.SessionMiddleware",
    "scoring.middleware.ChosenLanguageMiddleware",  # Japanese unless chosen
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",  # who made each change
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

ROOT_URLCONF = "clubsite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "scoring.access.context",
            ],
        },
    },
]

WSGI_APPLICATION = "clubsite.wsgi.application"

# --- cache: one, shared by every worker and app server (``scoring.generations`` keys what pages
# keep in it by the generation of what they show; entries never expire by time; `clubstart` empties
# it). The database by default (a table made by migration 0011), at most 5,000 entries: a club's live
# pages are a few hundred, entries of retired generations are never read again, and Django counts
# the table's rows on every write to it (a quarter is culled past the limit). Redis when
# CLUB_REDIS_URL is set (redis://host:6379/1: a Redis database of the app's own, emptied at each start).
if os.environ.get("CLUB_REDIS_URL"):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": os.environ["CLUB_REDIS_URL"], "TIMEOUT": None}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "club_cache",
                          "TIMEOUT": None, "OPTIONS": {"MAX_ENTRIES": 5000, "CULL_FREQUENCY": 4}}}

# --- database: PostgreSQL from DATABASE_URL, else SQLite tuned for several phones writing at once:
# WAL (readers never wait for the writer), a busy timeout instead of "database is locked", and
# write transactions that take the lock when they begin (BEGIN IMMEDIATE) so two of them never
# deadlock half-way.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,  # seconds a writer waits for the lock before "database is locked"
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
}
if os.environ.get("DATABASE_URL"):
    import dj_database_url

    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=60,
                                                  conn_health_checks=True)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": private_sqlite(Path(os.environ.get("DJANGO_DB_PATH", BASE_DIR / "db.sqlite3"))),
            "OPTIONS": SQLITE_OPTIONS,
        }
    }

# --- accounts
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses logins while locked out
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes: after 5 wrong passwords for one user name from one address, that pair is locked for
# 15 minutes (a right password then does not help); a successful login clears the pair's count.
# After 30 wrong passwords from one address for any user names (someone trying names), the address
# is locked. axes compares one limit with its count, so the limit is a function
# (scoring.access.login_failure_limit) that is 0 while the address is over its own limit.
CLUB_LOGIN_FAILURE_LIMIT = int(os.environ.get("CLUB_LOGIN_FAILURE_LIMIT", "5"))
CLUB_ADDRESS_FAILURE_LIMIT = int(os.environ.get("CLUB_ADDRESS_FAILURE_LIMIT", "30"))
AXES_FAILURE_LIMIT = "scoring.access.login_failure_limit"
AXES_USERNAME_CALLABLE = "scoring.access.login_username"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "scoring.views.accounts.locked_out"
AXES_CLIENT_IP_CALLABLE = "clubsite.deploy.client_ip"
AXES_VERBOSE = False

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- requests: a form of the app is a few KB; refuse bodies beyond 1 MB (uploaded files are checked by
# their view: 5 MB), forms of > 200 fields and more than one file
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200
DATA_UPLOAD_MAX_NUMBER_FILES = 1  # the results CSV upload
CLUB_MAX_REQUEST_BYTES = 6 * 1024 * 1024  # any body, files included (clubsite.middleware)
# a URL longer than this gets a page that says so (clubsite.middleware; gunicorn passes up to 8190)
CLUB_MAX_URL_BYTES = int(os.environ.get("CLUB_MAX_URL_BYTES", "4096"))

# --- Behind a reverse proxy (README: "Running for a club"): its address (or addresses, networks),
# whose X-Real-IP names the client for login throttling; nobody else's header is believed.
CLUB_TRUSTED_PROXIES = trusted_proxies(os.environ.get("CLUB_TRUSTED_PROXIES", ""))

# --- HTTPS behind a reverse proxy (README: "Running for a club"). Plain-HTTP LAN use keeps working
# without CLUB_HTTPS. Whether a request came in over HTTPS is gunicorn's answer (clubstart): it believes
# the proxy's X-Forwarded-Proto only from CLUB_TRUSTED_PROXIES (else this machine). Django's
# SECURE_PROXY_SSL_HEADER is not set: it would believe the header from anybody who reaches the port.
CLUB_HTTPS = env_bool("CLUB_HTTPS", False)
if CLUB_HTTPS:
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = []
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("CLUB_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("CLUB_HSTS_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("CLUB_HSTS_PRELOAD", True)
    CSRF_TRUSTED_ORIGINS = [f"https://{h}" for h in ALLOWED_HOSTS if h not in ("localhost", "127.0.0.1", "[::1]")]

# Compressed responses. Static files: gzip copies made once by collectstatic. (Not brotli: it would
# save about 3 KB of a first visit, only where the browser offers br at all (HTTPS, not a phone on the
# club's plain-HTTP LAN), at the price of a compiled package and ~6 s more CPU on every `make run`.)
# Pages, htmx answers, JSON and CSV: GZipMiddleware, placed below whitenoise so it never sees a
# static file. A page shrinks to about a fifth, and bytes are what a phone on a weak network waits for.
# BREACH (guessing a secret in a compressed HTTPS body from its length, by making the victim's
# browser send many requests that reflect a guess next to the secret) was weighed:
# - the CSRF token in a page is masked anew on every response (Django since 1.10), so no two
#   responses carry the same bytes for it;
# - Django's GZipMiddleware pads every compressed body with 0–99 random bytes in the gzip header
#   ("Heal the BREACH", Django 4.2: django/utils/text.py compress_string / compress_sequence), so a
#   length says far less about a guess;
# - the session and CSRF cookies are SameSite=Lax (Django's default): a page on another site can
#   make a logged-in request only as a visible top-level navigation, not as the thousands of hidden
#   requests the attack needs;
# - the remaining page content (names, scores, hands) is what the club shows its members anyway,
#   mostly public (CLUB_PUBLIC_BOARDS); no password, setup token or session id is ever in a body;
# - on the club's plain-HTTP LAN an eavesdropper reads the pages themselves: compression changes
#   nothing there.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = 30 * 24 * 3600

# Content-Security-Policy (clubsite.middleware): scripts and styles only from this site, no inline
# script; htmx runs with includeIndicatorStyles off (base.html), so it injects no <style>.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
])

LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", "日本語"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "Asia/Tokyo")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # collectstatic (make run) names every file after its content (club.3f2a….css) and writes gzip
    # copies; {% static %} reads the names from staticfiles.json, and whitenoise serves
    # such names with "max-age=315360000, public, immutable": a phone asks for each file once per
    # version, never again to revalidate it. With DEBUG on (make dev) the plain names are used.
    # Tests run collectstatic once per session into a temporary folder (tests/conftest.py).
    "staticfiles": {"BACKEND": "clubsite.storage.StaticStorage"},
}
# before collectstatic has run (make dev) whitenoise serves straight from static/
WHITENOISE_USE_FINDERS = DEBUG or not STATIC_ROOT.is_dir()
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# backups (manage.py backup / restore): JSON that keeps datetimes to the microsecond
SERIALIZATION_MODULES = {"clubjson": "scoring.serializers_exact"}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line": {"()": "django.utils.log.CallbackFilter", "callback": without_traceback}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "one_line": {"class": "logging.StreamHandler", "filters": ["one_line"]},
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    # a refused Host header: one line, not Django's traceback (the client gets a plain 400)
    "loggers": {"django.security.DisallowedHost": {"handlers": ["one_line"], "propagate": False}},
}

# Whether leaderboards and results can be read without logging in.
PUBLIC_BOARDS = env_bool("CLUB_PUBLIC_BOARDS", True)

# Whether the four players of a hanchan confirm its result (sign-off); the day page lists games
# not yet confirmed.
SIGN_OFF = env_bool("CLUB_SIGN_OFF", False)
