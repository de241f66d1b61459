"""Thin views: forms clean input, services write, selectors read, templates display. A page and its htmx
fragment live in one template (``{% partialdef %}``); bad input answers 422 with the form as it was typed."""
