from django.contrib import admin
from django.db import models

from .forms.jsontext import JSONFormField
from .models import ClubDay, Hanchan, HanchanResult, HandRecord, Member, RuleSet


class ClubAdmin(admin.ModelAdmin):
    # posted JSON is read with bounded nesting and no lone surrogates, as everywhere in the app
    formfield_overrides = {models.JSONField: {"form_class": JSONFormField}}


@admin.register(Member)
class MemberAdmin(ClubAdmin):
    list_display = ["number", "name", "kana", "active"]
    search_fields = ["name", "kana"]


@admin.register(RuleSet)
class RuleSetAdmin(ClubAdmin):
    list_display = ["name", "preset"]


@admin.register(ClubDay)
class ClubDayAdmin(ClubAdmin):
    list_display = ["date", "venue", "ruleset"]


class HandInline(admin.TabularInline):
    model = HandRecord
    fields = ["order", "label", "description", "entered_by", "entered_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False  # hands change only through the services (the game is replayed)


@admin.register(Hanchan)
class HanchanAdmin(ClubAdmin):
    list_display = ["clubday", "table", "number", "state", "mode"]
    list_filter = ["state", "mode"]
    inlines = [HandInline]


@admin.register(HanchanResult)
class HanchanResultAdmin(ClubAdmin):
    list_display = ["hanchan", "member", "rank", "score", "net"]
