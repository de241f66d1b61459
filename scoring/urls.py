"""URLs grouped by resource, with stable hyphenated names."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("setup/", views.setup, name="setup"),
    path("users/new/", views.user_create, name="user-create"),
    path("members/", views.member_list, name="member-list"),
    path("members/new/", views.member_create, name="member-create"),
    path("members/<int:pk>/edit/", views.member_update, name="member-update"),
    path("rules/", views.ruleset_list, name="ruleset-list"),
    path("rules/new/", views.ruleset_create, name="ruleset-create"),
    path("days/", views.clubday_list, name="clubday-list"),
    path("days/new/", views.clubday_create, name="clubday-create"),
    path("days/<int:pk>/", views.clubday_detail, name="clubday-detail"),
    path("days/<int:pk>/hanchan/new/", views.hanchan_create, name="hanchan-create"),
    path("hanchan/<int:pk>/", views.hanchan_detail, name="hanchan-detail"),
    path("hanchan/<int:pk>/hands/new/", views.hand_create, name="hand-create"),
    path("hanchan/<int:pk>/hands/preview/", views.hand_preview, name="hand-preview"),
    path("hanchan/<int:pk>/finish/", views.hanchan_finish, name="hanchan-finish"),
    path("hanchan/<int:pk>/void/", views.hanchan_void, name="hanchan-void"),
    path("hanchan/<int:pk>/final-scores/", views.hanchan_final_scores, name="hanchan-final-scores"),
    path("hands/<int:pk>/edit/", views.hand_update, name="hand-update"),
    path("hands/<int:pk>/delete/", views.hand_delete, name="hand-delete"),
]
