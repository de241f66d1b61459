"""The club's records: members, rule sets, club days, hanchan and their hands.

A hanchan's hands store the input exactly as given to ``rules.play``; the settled columns
(``deltas``, ``scores_after``, ``label``, ``description``) and ``HanchanResult`` are a cache of
the replay, rebuilt by ``scoring.services`` whenever a hand changes.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

import rules

from .shared import ROLLUP_SUMS, is_reading, to_hiragana


def validate_member_number(value: int) -> None:
    """会員番号 start at 1 (0 reads as "no number" on a printout)."""
    if value is not None and value < 1:
        raise ValidationError(_("会員番号は1から始まります。1以上の数字を入力してください(%(value)s)"),
                              code="min_value", params={"value": value})


def validate_club_day_date(value: datetime.date) -> None:
    """From 1900-01-01 to a year after today: a typo such as 0001-01-01 or 2206 would otherwise
    sort first or last on every board for good."""
    first, last = datetime.date(1900, 1, 1), timezone.localdate() + datetime.timedelta(days=366)
    if value is not None and not first <= value <= last:
        raise ValidationError(_("例会の日付は %(first)s から %(last)s までにしてください(%(value)s)"),
                              code="date_range",
                              params={"first": first.isoformat(), "last": last.isoformat(), "value": value.isoformat()})


class Member(models.Model):
    """A club member. ``kana`` is the reading used for 五十音 order (stored as hiragana)."""

    name = models.CharField(_("名前"), max_length=50)
    kana = models.CharField(_("よみがな"), max_length=100)
    number = models.PositiveIntegerField(_("会員番号"), unique=True, validators=[validate_member_number])
    active = models.BooleanField(_("在籍"), default=True)
    # a visitor added at the door; plays and scores like a member
    guest = models.BooleanField(_("ゲスト"), default=False)
    # the login of this member, if any ("my results")
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="member", verbose_name=_("ユーザー"))
    history = HistoricalRecords()

    class Meta:
        ordering = ["kana", "number"]
        verbose_name = _("会員")
        verbose_name_plural = _("会員")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        self.kana = to_hiragana(self.kana.strip())
        bad = [c for c in self.kana if not is_reading(c)]
        if bad:
            raise ValidationError({"kana": _("よみがなは ひらがな か カタカナ で入力してください(使えない文字: %(c)s)")
                                   % {"c": bad[0]}})

    def get_absolute_url(self) -> str:
        return reverse("member-update", args=[self.pk])


class RuleSet(models.Model):
    """A rule set the club plays: a preset of ``rules.PRESETS`` plus option overrides."""

    name = models.CharField(_("名前"), max_length=80, unique=True)
    preset = models.CharField(_("元のプリセット"), max_length=40,
                              choices=list(rules.PRESET_LABELS.items()), default="ariari")
    options = models.JSONField(_("変更する項目"), default=dict, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["pk"]
        verbose_name = _("ルール")
        verbose_name_plural = _("ルール")

    def __str__(self) -> str:
        return self.name

    def spec(self) -> dict[str, Any]:
        """The rule-set spec as ``rules`` takes it."""
        return {"preset": self.preset, "options": dict(self.options or {})}

    def clean(self) -> None:
        if not isinstance(self.options, dict):
            raise ValidationError({"options": _("変更する項目は JSON のオブジェクトで書いてください")})
        try:
            self.engine()
        except rules.RulesError as exc:
            raise ValidationError({"options": exc.ja}) from exc

    def engine(self) -> rules.RuleSet:
        return rules.get_ruleset(self.spec())


class ClubDay(models.Model):
    """例会 or 大会 (tournament): one meeting day of the club, played under one rule set."""

    class Kind(models.TextChoices):
        CLUB = "club", _("例会")
        TOURNAMENT = "tournament", _("大会")

    date = models.DateField(_("日付"), db_index=True, validators=[validate_club_day_date])
    venue = models.CharField(_("会場"), max_length=100, blank=True)
    ruleset = models.ForeignKey(RuleSet, on_delete=models.PROTECT, verbose_name=_("ルール"))
    kind = models.CharField(_("種類"), max_length=12, choices=Kind.choices, default=Kind.CLUB)
    name = models.CharField(_("大会名"), max_length=100, blank=True)
    rounds = models.PositiveSmallIntegerField(_("回戦数"), null=True, blank=True,
                                              validators=[MinValueValidator(1), MaxValueValidator(20)])
    swiss = models.BooleanField(_("2回戦目から成績順に組む(スイス式)"), default=False)
    final_table = models.BooleanField(_("上位4人で決勝卓"), default=False)
    # made by a results import (an undo of the import takes it away with its hanchan, if nothing else is on it)
    results_import = models.ForeignKey("ResultsImport", null=True, blank=True, on_delete=models.SET_NULL,
                                       related_name="clubdays", editable=False)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("例会")
        verbose_name_plural = _("例会")

    def __str__(self) -> str:
        return f"{self.date:%Y-%m-%d} {self.venue}".strip()

    def get_absolute_url(self) -> str:
        return reverse("clubday-detail", args=[self.pk])


class HanchanQuerySet(models.QuerySet):
    # the club day, rule sets and players every page and write of a hanchan reads
    PLAYERS = ("clubday__ruleset", "ruleset", "seat0", "seat1", "seat2", "seat3")

    def with_players(self) -> "HanchanQuerySet":
        return self.select_related(*self.PLAYERS)


class Hanchan(models.Model):
    """One hanchan at one table of a club day; ``seat0`` is 起家 (the first dealer)."""

    class State(models.TextChoices):
        IN_PLAY = "in_play", _("対局中")
        FINISHED = "finished", _("終了")
        VOID = "void", _("無効")

    class Mode(models.TextChoices):
        HANDS = "hands", _("1局ずつ記録")
        FINAL = "final", _("最終得点のみ")

    clubday = models.ForeignKey(ClubDay, on_delete=models.CASCADE, related_name="hanchans",
                                verbose_name=_("例会"))
    table = models.PositiveSmallIntegerField(_("卓番号"))
    number = models.PositiveSmallIntegerField(_("回戦"), default=1)
    seat0 = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("起家"))
    seat1 = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("南家"))
    seat2 = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("西家"))
    seat3 = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("北家"))
    # blank: the club day's rule set
    ruleset = models.ForeignKey(RuleSet, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                                verbose_name=_("ルール"))
    state = models.CharField(_("状態"), max_length=10, choices=State.choices, default=State.IN_PLAY)
    mode = models.CharField(_("記録方法"), max_length=10, choices=Mode.choices, default=Mode.HANDS)
    closed_early = models.BooleanField(_("途中終了"), default=False)
    # the state to return to when a void is undone (blank unless void)
    state_before_void = models.CharField(max_length=10, choices=State.choices, blank=True)
    # bumped by every write; a form carries the version it was built from (stale forms are refused)
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    results_import = models.ForeignKey("ResultsImport", null=True, blank=True, on_delete=models.SET_NULL,
                                       related_name="hanchans", editable=False)  # made by a results import
    history = HistoricalRecords(excluded_fields=["version"])

    objects = HanchanQuerySet.as_manager()

    class Meta:
        ordering = ["clubday", "table", "number"]
        constraints = [models.UniqueConstraint(fields=["clubday", "table", "number"], name="one_hanchan_per_slot")]
        verbose_name = _("半荘")
        verbose_name_plural = _("半荘")

    def __str__(self) -> str:
        return f"{self.clubday} {self.table}卓 {self.number}回戦"

    def get_absolute_url(self) -> str:
        return reverse("hanchan-detail", args=[self.pk])

    @property
    def members(self) -> list[Member]:
        return [self.seat0, self.seat1, self.seat2, self.seat3]

    @property
    def member_ids(self) -> list[int]:
        return [self.seat0_id, self.seat1_id, self.seat2_id, self.seat3_id]

    @property
    def ruleset_in_force(self) -> "RuleSet":
        """The hanchan's own rule set, or else its club day's."""
        return self.ruleset or self.clubday.ruleset

    @property
    def oka(self) -> int:
        """The オカ in the top's net: 4 × (返し − 持ち点) of the rule set in force (``rules.standings``)."""
        return rules.oka(self.ruleset_in_force.engine())

    def game_doc(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        """The ``rules.play`` document of this hanchan with ``events`` as its hands."""
        return {"ruleset": self.ruleset_in_force.spec(), "players": self.player_names(), "hands": events}

    def player_names(self) -> list[str]:
        """Four distinct names for ``rules.play`` (a member number is added when two names clash)."""
        names = [m.name for m in self.members]
        return [f"{m.name}({m.number})" if names.count(m.name) > 1 else m.name for m in self.members]


class HandRecord(models.Model):
    """One recorded event of a hanchan, exactly as given to ``rules.play``, plus its settled cache."""

    hanchan = models.ForeignKey(Hanchan, on_delete=models.CASCADE, related_name="hands")
    order = models.PositiveIntegerField()
    event = models.JSONField()
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    entered_at = models.DateTimeField(auto_now=True)
    # the phone's key for the tap that recorded it: the same tap retried finds this hand, not a new one
    submission = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    # cache of the replay
    deltas = models.JSONField(default=list)
    scores_after = models.JSONField(default=list)
    label = models.CharField(max_length=40, blank=True)  # Japanese
    description = models.CharField(max_length=300, blank=True)
    label_en = models.CharField(max_length=60, blank=True)
    description_en = models.CharField(max_length=400, blank=True)
    # the input's history (a deleted hand can be restored from it); the cache columns make no rows
    history = HistoricalRecords(excluded_fields=["deltas", "scores_after", "label", "description", "label_en",
                                                 "description_en"])

    class Meta:
        ordering = ["hanchan", "order"]
        constraints = [models.UniqueConstraint(fields=["hanchan", "order"], name="one_hand_per_order")]

    def __str__(self) -> str:
        return f"{self.hanchan} #{self.number} {self.label}"

    @property
    def number(self) -> int:
        """1-based number shown to users."""
        return self.order + 1


class FinalScoreSheet(models.Model):
    """Final scores of a hanchan played on paper. Entering them again adds a sheet: the newest is in
    force, the older ones are kept (nothing entered is ever thrown away)."""

    hanchan = models.ForeignKey(Hanchan, on_delete=models.CASCADE, related_name="sheets")
    scores = models.JSONField()  # four raw scores by seat
    sticks = models.PositiveSmallIntegerField(default=0)  # riichi sticks left on the table
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    entered_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["hanchan", "-pk"]

    def __str__(self) -> str:
        return f"{self.hanchan} {self.scores}"


class HanchanResult(models.Model):
    """A player's final result of a finished hanchan (cache of the replay or of the paper sheet)."""

    hanchan = models.ForeignKey(Hanchan, on_delete=models.CASCADE, related_name="results")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="results")
    seat = models.PositiveSmallIntegerField()
    score = models.IntegerField(_("素点"))  # final score including leftover sticks
    rank = models.PositiveSmallIntegerField(_("順位"))
    uma = models.IntegerField(_("順位点"))
    net = models.IntegerField(_("成績"))
    # the hand figures (``services.figures``); ``recorded`` is false for a paper sheet (no hands)
    recorded = models.BooleanField(default=False)
    hands = models.PositiveSmallIntegerField(default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    deal_ins = models.PositiveSmallIntegerField(default=0)  # 放銃
    riichis = models.PositiveSmallIntegerField(default=0)
    win_points = models.PositiveIntegerField(default=0)
    yakuman = models.PositiveSmallIntegerField(default=0)
    chombo = models.PositiveSmallIntegerField(default=0)
    # skill rating after this hanchan (openskill), recomputed in date order when results change
    rating_mu = models.FloatField(null=True, blank=True)
    rating_sigma = models.FloatField(null=True, blank=True)
    history = HistoricalRecords(excluded_fields=["rating_mu", "rating_sigma"])

    class Meta:
        ordering = ["hanchan", "rank", "seat"]
        constraints = [models.UniqueConstraint(fields=["hanchan", "seat"], name="one_result_per_seat")]

    def __str__(self) -> str:
        return f"{self.member} {self.rank}位 {self.net_text}"

    @property
    def net_text(self) -> str:
        """Net in thousands with one decimal: +19.6."""
        return rules.net_text(self.net)


class Dispute(models.Model):
    """物言い: a member flags a recorded hand; an officer rules it upheld or amended."""

    class Status(models.TextChoices):
        OPEN = "open", _("審議中")
        UPHELD = "upheld", _("記録どおり")
        AMENDED = "amended", _("訂正")

    hanchan = models.ForeignKey(Hanchan, on_delete=models.CASCADE, related_name="disputes")
    hand = models.ForeignKey(HandRecord, null=True, blank=True, on_delete=models.SET_NULL, related_name="disputes")
    hand_number = models.PositiveIntegerField()  # #n as shown when it was flagged
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    opened_at = models.DateTimeField(auto_now_add=True)
    comment = models.TextField(_("内容"), max_length=2000)
    status = models.CharField(_("状態"), max_length=10, choices=Status.choices, default=Status.OPEN)
    reason = models.TextField(_("裁定の理由"), max_length=2000, blank=True)
    ruled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+")
    ruled_at = models.DateTimeField(null=True, blank=True)
    event_before = models.JSONField(null=True, blank=True)  # the hand as recorded when ruled on
    event_after = models.JSONField(null=True, blank=True)  # the amended hand
    history = HistoricalRecords()

    class Meta:
        ordering = ["-opened_at", "-pk"]
        verbose_name = _("物言い")
        verbose_name_plural = _("物言い")

    def __str__(self) -> str:
        return f"{self.hanchan} #{self.hand_number}"


class DisputeComment(models.Model):
    dispute = models.ForeignKey(Dispute, on_delete=models.CASCADE, related_name="comments")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    text = models.TextField(_("コメント"), max_length=2000)

    class Meta:
        ordering = ["created_at", "pk"]


class Attendance(models.Model):
    """出欠: a member present at a club day, drawn from ``first_round`` to ``last_round`` (blank: the end)."""

    clubday = models.ForeignKey(ClubDay, on_delete=models.CASCADE, related_name="attendance")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("会員"))
    first_round = models.PositiveSmallIntegerField(_("参加する最初の回戦"), default=1,
                                                   validators=[MinValueValidator(1)])
    last_round = models.PositiveSmallIntegerField(_("最後の回戦"), null=True, blank=True)
    arrived_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["arrived_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["clubday", "member"], name="one_attendance_per_day")]
        verbose_name = _("出欠")
        verbose_name_plural = _("出欠")

    def __str__(self) -> str:
        return f"{self.clubday} {self.member}"

    def plays(self, number: int) -> bool:
        """Whether this member is drawn into 回戦 ``number``."""
        return self.first_round <= number and (self.last_round is None or number <= self.last_round)


class Draw(models.Model):
    """組み合わせ: the table draw of one 回戦; its tables are the day's hanchan of that 回戦, ``out`` who
    sits out (抜け番), and ``seed`` reproduces it."""

    clubday = models.ForeignKey(ClubDay, on_delete=models.CASCADE, related_name="draws")
    number = models.PositiveSmallIntegerField(_("回戦"))
    seed = models.PositiveIntegerField(_("シード"))
    out = models.JSONField(default=list)  # member pks
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["clubday", "number"]
        constraints = [models.UniqueConstraint(fields=["clubday", "number"], name="one_draw_per_round")]
        verbose_name = _("組み合わせ")
        verbose_name_plural = _("組み合わせ")

    def __str__(self) -> str:
        return f"{self.clubday} {self.number}回戦"


class Confirmation(models.Model):
    """確認 (sign-off) of a finished hanchan's result as it stood at ``version``."""

    hanchan = models.ForeignKey(Hanchan, on_delete=models.CASCADE, related_name="confirmations")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+")
    version = models.PositiveIntegerField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["hanchan", "member"], name="one_confirmation_per_player")]
        verbose_name = _("結果の確認")
        verbose_name_plural = _("結果の確認")


class SetupToken(models.Model):
    """The first-run setup token, stored only as a SHA-256 digest; any user being created deletes it."""

    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("初期設定トークン")
        verbose_name_plural = _("初期設定トークン")


class Settled(models.Model):
    """One row: the ``services.hanchan.SETTLED_VERSION`` that made the stored caches of the replay
    (``manage.py resettle --upgrade`` recomputes them when the code is newer)."""

    version = models.PositiveIntegerField()


class BoardRollup(models.Model):
    """The boards' sums of finished results per member, rule set in force and period: a date, a month
    (``day`` 0), a year (``month`` 0) or all time (``year`` 0). A cache kept current in the
    transaction that writes results, so a board sums a few rows per member however long the history.

    ``t<r><k>``: times at rank r tied with k − 1 others (同着折半; k ≥ 2) for the what-if 順位点.
    ``last``: the sort key of the member's last hanchan in the period (date|club day|回戦|卓|hanchan),
    ``rating_mu/sigma`` their rating after it. ``best_wins``: the period's five biggest wins
    ``[gain, hand pk, date]``; ``opponents``: ``{member pk: [games, net, rank sum, their net, their
    rank sum]}`` at the same table.
    """

    SUMS = ROLLUP_SUMS

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="+")
    ruleset = models.ForeignKey(RuleSet, on_delete=models.CASCADE, related_name="+")
    year = models.PositiveSmallIntegerField()
    month = models.PositiveSmallIntegerField()
    day = models.PositiveSmallIntegerField()
    games = models.PositiveIntegerField(default=0)
    net = models.BigIntegerField(default=0)
    uma = models.BigIntegerField(default=0)
    rank_sum = models.PositiveIntegerField(default=0)
    first = models.PositiveIntegerField(default=0)
    second = models.PositiveIntegerField(default=0)
    third = models.PositiveIntegerField(default=0)
    fourth = models.PositiveIntegerField(default=0)
    t12 = models.PositiveIntegerField(default=0)
    t13 = models.PositiveIntegerField(default=0)
    t14 = models.PositiveIntegerField(default=0)
    t22 = models.PositiveIntegerField(default=0)
    t23 = models.PositiveIntegerField(default=0)
    t32 = models.PositiveIntegerField(default=0)
    tobi = models.PositiveIntegerField(default=0)
    score_sum = models.BigIntegerField(default=0)
    best = models.IntegerField(null=True)
    hand_games = models.PositiveIntegerField(default=0)
    hands = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    deal_ins = models.PositiveIntegerField(default=0)
    riichis = models.PositiveIntegerField(default=0)
    win_points = models.BigIntegerField(default=0)
    yakuman = models.PositiveIntegerField(default=0)
    chombo = models.PositiveIntegerField(default=0)
    last = models.CharField(max_length=60, default="")
    rating_mu = models.FloatField(null=True)
    rating_sigma = models.FloatField(null=True)
    best_wins = models.JSONField(default=list)
    opponents = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["year", "month", "day", "member", "ruleset"],
                                               name="one_rollup_per_period")]
        # a member's page reads their rows by period level, in date order (dates, months, all time)
        indexes = [models.Index(fields=["member", "year", "month", "day"], name="rollup_member_period")]

    def __str__(self) -> str:
        return f"{self.member_id}/{self.ruleset_id} {self.year}-{self.month}-{self.day}: {self.games}"


class ResultsImport(models.Model):
    """One results import (「CSV・Excel から取り込む」, ``manage.py importresults``): the sheets it read
    and what it made. An undo takes its hanchan away while none has changed since (``version``: the
    version an import leaves them at); the record stays, with the sheets, to import them again."""

    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    file_name = models.CharField(max_length=255, blank=True)
    sheets = models.JSONField(default=list)  # [[sheet name, CSV text], ...] as they were read
    create_members = models.BooleanField(default=False)
    ruleset = models.ForeignKey(RuleSet, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    hanchan_count = models.PositiveIntegerField(default=0)
    first_date = models.DateField(null=True)
    last_date = models.DateField(null=True)
    version = models.PositiveIntegerField(default=0)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.file_name}".strip()

    def changed_hanchans(self) -> models.QuerySet:
        """Its hanchan written since the import (each write bumps a hanchan's version): they refuse an undo."""
        return self.hanchans.exclude(version=self.version)

    def undo_days(self) -> models.QuerySet:
        """The club days an undo takes away once nothing else is on them: those it made, and those
        its hanchan are on that an import undone before made (kept then for these hanchan)."""
        made_by_undone = models.Q(pk__in=self.hanchans.values("clubday"), results_import__undone_at__isnull=False)
        return ClubDay.objects.filter(models.Q(results_import=self) | made_by_undone)
