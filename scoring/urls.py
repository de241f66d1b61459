"""URLs grouped by resource, with stable hyphenated names."""

from django.urls import path

from .views import accounts, days, hanchan, hands, members, rulesets

urlpatterns = [
    path("", members.home, name="home"),
    path("setup/", accounts.setup, name="setup"),
    path("users/new/", accounts.user_create, name="user-create"),
    path("users/<int:pk>/edit/", accounts.user_update, name="user-update"),
    path("users/<int:pk>/password/", accounts.user_password, name="user-password"),
    path("members/", members.member_list, name="member-list"),
    path("members/new/", members.member_create, name="member-create"),
    path("members/<int:pk>/edit/", members.member_update, name="member-update"),
    path("rules/", rulesets.ruleset_list, name="ruleset-list"),
    path("rules/new/", rulesets.ruleset_create, name="ruleset-create"),
    path("days/", days.clubday_list, name="clubday-list"),
    path("days/new/", days.clubday_create, name="clubday-create"),
    path("days/<int:pk>/", days.clubday_detail, name="clubday-detail"),
    path("days/<int:pk>/hanchan/new/", days.hanchan_create, name="hanchan-create"),
    path("hanchan/<int:pk>/", hanchan.hanchan_detail, name="hanchan-detail"),
    path("hanchan/<int:pk>/hands/new/", hands.hand_create, name="hand-create"),
    path("hanchan/<int:pk>/hands/preview/", hands.hand_preview, name="hand-preview"),
    path("hanchan/<int:pk>/finish/", hanchan.hanchan_finish, name="hanchan-finish"),
    path("hanchan/<int:pk>/void/", hanchan.hanchan_void, name="hanchan-void"),
    path("hanchan/<int:pk>/unvoid/", hanchan.hanchan_unvoid, name="hanchan-unvoid"),
    path("hanchan/<int:pk>/final-scores/", hanchan.hanchan_final_scores, name="hanchan-final-scores"),
    path("hands/<int:pk>/edit/", hands.hand_update, name="hand-update"),
    path("hands/<int:pk>/delete/", hands.hand_delete, name="hand-delete"),
]
