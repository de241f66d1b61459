from django.contrib import admin

from .models import ClubDay, Hanchan, HanchanResult, HandRecord, Member, RuleSet


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["number", "name", "kana", "active"]
    search_fields = ["name", "kana"]


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    list_display = ["name", "preset"]


@admin.register(ClubDay)
class ClubDayAdmin(admin.ModelAdmin):
    list_display = ["date", "venue", "ruleset"]


class HandInline(admin.TabularInline):
    model = HandRecord
    fields = ["order", "label", "description", "entered_by", "entered_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False  # hands change only through the services (the game is replayed)


@admin.register(Hanchan)
class HanchanAdmin(admin.ModelAdmin):
    list_display = ["clubday", "table", "number", "state", "mode"]
    list_filter = ["state", "mode"]
    inlines = [HandInline]


@admin.register(HanchanResult)
class HanchanResultAdmin(admin.ModelAdmin):
    list_display = ["hanchan", "member", "rank", "score", "net"]
