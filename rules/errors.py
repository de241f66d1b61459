"""Named errors. Every invalid input is a ``ValueError`` subclass with a code and a message that
names the offending token, so forms and the CLI can show it as it is."""


class RulesError(ValueError):
    """Base class: invalid input to the rules engine."""

    code = "invalid_input"

    def __init__(self, message: str, *, ja: str | None = None):
        super().__init__(message)
        self.message = message
        self.ja = ja or message


class NotationError(RulesError):
    """A tile string that cannot be read (unknown character, digit without suit, ...)."""

    code = "bad_notation"


class TileCountError(RulesError):
    """A fifth copy of a tile, or the wrong number of tiles for the melds given."""

    code = "bad_tile_count"


class MeldError(RulesError):
    """A meld that is not a run, triplet or quad, or of an unknown type."""

    code = "bad_meld"


class RulesetError(RulesError):
    """Unknown preset or option, or an option value of the wrong type."""

    code = "bad_ruleset"


class DocumentError(RulesError):
    """A JSON document with a missing or malformed field."""

    code = "bad_document"


class BoundsError(DocumentError):
    """A number, size or count beyond what a real hand or table can have (``rules.document.LIMITS``,
    the CLI's size and nesting limits): refused before any work is done."""

    code = "out_of_bounds"


class GameError(RulesError):
    """An event of a hanchan that cannot be applied; ``index`` names the event."""

    code = "bad_event"

    def __init__(self, message: str, *, index: int | None = None, ja: str | None = None):
        if index is not None:
            message = f"event {index}: {message}"
            ja = f"{index + 1}番目の記録(event {index}): {ja or message}"
        super().__init__(message, ja=ja)
        self.index = index
