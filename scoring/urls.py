"""URLs grouped by resource, with stable hyphenated names."""

from django.urls import path

from .views import accounts, csvio, days, hanchan, hands, members, rulesets
from .views import disputes, history, impact
from .views import check
from .views import boards

urlpatterns = [
    path("", members.home, name="home"),
    path("setup/", accounts.setup, name="setup"),
    path("users/new/", accounts.user_create, name="user-create"),
    path("users/<int:pk>/edit/", accounts.user_update, name="user-update"),
    path("users/<int:pk>/password/", accounts.user_password, name="user-password"),
    path("members/", members.member_list, name="member-list"),
    path("members/new/", members.member_create, name="member-create"),
    path("members/<int:pk>/edit/", members.member_update, name="member-update"),
    path("members/<int:pk>/", boards.member_detail, name="member-detail"),
    path("members/<int:pk>/login/", boards.member_user, name="member-user"),
    path("me/", boards.my_results, name="my-results"),
    path("standings/", boards.standings, name="standings"),
    path("rules/", rulesets.ruleset_list, name="ruleset-list"),
    path("rules/new/", rulesets.ruleset_create, name="ruleset-create"),
    path("rules/<int:pk>/", rulesets.ruleset_detail, name="ruleset-detail"),
    path("rules/<int:pk>/edit/", rulesets.ruleset_update, name="ruleset-update"),
    path("days/", days.clubday_list, name="clubday-list"),
    path("days/new/", days.clubday_create, name="clubday-create"),
    path("days/<int:pk>/", days.clubday_detail, name="clubday-detail"),
    path("days/<int:pk>/hanchan/new/", days.hanchan_create, name="hanchan-create"),
    path("hanchan/<int:pk>/", hanchan.hanchan_detail, name="hanchan-detail"),
    path("hanchan/<int:pk>/hands/new/", hands.hand_create, name="hand-create"),
    path("hanchan/<int:pk>/hands/preview/", hands.hand_preview, name="hand-preview"),
    path("hanchan/<int:pk>/hands/tiles/", hands.hand_tiles, name="hand-tiles"),
    path("hanchan/<int:pk>/finish/", hanchan.hanchan_finish, name="hanchan-finish"),
    path("hanchan/<int:pk>/void/", hanchan.hanchan_void, name="hanchan-void"),
    path("hanchan/<int:pk>/unvoid/", hanchan.hanchan_unvoid, name="hanchan-unvoid"),
    path("hanchan/<int:pk>/final-scores/", hanchan.hanchan_final_scores, name="hanchan-final-scores"),
    path("hands/<int:pk>/edit/", hands.hand_update, name="hand-update"),
    path("hands/<int:pk>/delete/", hands.hand_delete, name="hand-delete"),
    path("hands/<int:pk>/dispute/", disputes.dispute_create, name="dispute-create"),
    path("hands/<int:pk>/restore/", history.hand_restore_view, name="hand-restore"),
    path("disputes/", disputes.dispute_list, name="dispute-list"),
    path("disputes/<int:pk>/", disputes.dispute_detail, name="dispute-detail"),
    path("disputes/<int:pk>/comment/", disputes.dispute_comment, name="dispute-comment"),
    path("disputes/<int:pk>/rule/", disputes.dispute_rule, name="dispute-rule"),
    path("history/<str:kind>/<int:pk>/", history.history, name="history"),
    path("impact/", impact.impact, name="impact"),
    path("results.csv", csvio.results_csv, name="results-csv"),
    path("standings.csv", csvio.standings_csv, name="standings-csv"),
    path("results/import/", csvio.results_import, name="results-import"),
    path("check/", check.check, name="check"),
    path("check.json", check.check_json, name="check-json"),
    path("check/tiles/", check.check_tiles, name="check-tiles"),
    path("check/examples/", check.check_examples, name="check-examples"),
]
