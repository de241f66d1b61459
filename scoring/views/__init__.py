"""Thin views: forms clean input, services write, selectors read, templates display.

One module per resource (members, rulesets, days, hanchan, hands, accounts). A page and its htmx
fragment live in one template (``{% partialdef %}``); when ``request.htmx`` the view renders
``"page.html#fragment"``. Bad input answers 422 with the form as it was typed.
"""
