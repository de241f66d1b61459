"""``clubjson``: Django's JSON fixtures with datetimes to the microsecond (Django's own format cuts
them to milliseconds, so a restored database would not equal the original)."""

from __future__ import annotations

import datetime

from django.core.serializers import json as django_json
from django.core.serializers.json import DjangoJSONEncoder

Deserializer = django_json.Deserializer


class ExactEncoder(DjangoJSONEncoder):
    def default(self, o):
        if isinstance(o, (datetime.datetime, datetime.time)):
            return o.isoformat().replace("+00:00", "Z")
        return super().default(o)


class Serializer(django_json.Serializer):
    def _init_options(self) -> None:
        super()._init_options()
        self.json_kwargs["cls"] = ExactEncoder
