"""The Django admin shows the club's data and changes none of it: only the app's services keep games
replayable, their history and the page caches (``scoring.generations``). Users and groups stay Django's own."""

from django.contrib import admin

from .models import ClubDay, Hanchan, HanchanResult, HandRecord, Member, RuleSet


class ViewOnly:
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Member)
class MemberAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["number", "name", "kana", "active"]
    search_fields = ["name", "kana"]


@admin.register(RuleSet)
class RuleSetAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["name", "preset"]


@admin.register(ClubDay)
class ClubDayAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["date", "venue", "ruleset"]


class HandInline(ViewOnly, admin.TabularInline):
    model = HandRecord
    fields = readonly_fields = ["order", "label", "description", "entered_by", "entered_at"]
    extra = 0


@admin.register(Hanchan)
class HanchanAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["clubday", "table", "number", "state", "mode"]
    list_filter = ["state", "mode"]
    inlines = [HandInline]


@admin.register(HanchanResult)
class HanchanResultAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["hanchan", "member", "rank", "score", "net"]
