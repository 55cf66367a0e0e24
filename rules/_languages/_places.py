"""Where a word stands in a text: the words of each place (code, string
literals, prose) a language's reader collects while it walks the text."""

from __future__ import annotations

from doclint.rule_api import compiled_on_use

from ._records import Places

# Every byte that is no part of a word (`[A-Za-z0-9_]`) made a space: a word
# as the generator's identifier regex (`[A-Za-z_][A-Za-z0-9_]*`) sees it is
# then a run of these bytes, digits before its first letter left off.
_WORD_BYTES = bytes(
    byte if chr(byte).isascii() and (chr(byte).isalnum() or byte == ord("_")) else ord(" ")
    for byte in range(256)
)
_DIGITS = "0123456789"
# A literal that reads as a sentence: two words with a space between them
# (`[A-Za-z]{2,}[,.;:!?]?\s+[A-Za-z]{2,}`). Written to start at the space,
# with the word before it looked behind, so that a search skips to a space
# instead of trying each letter (and `{2,}` backtracking at each); it finds a
# match in exactly the literals that form does.
_SENTENCE = compiled_on_use(r"\s(?:(?<=[A-Za-z]{2}\s)|(?<=[A-Za-z]{2}[,.;:!?]\s))\s*[A-Za-z]{2}")


class PlaceCollector:
    """Collects the pieces of a text by place while a reader walks it; the
    words are split out once, at the end (splitting piece by piece costs a
    call per comment or literal)."""

    def __init__(self) -> None:
        self.code: list[str] = []
        self.strings: list[str] = []
        self.prose: list[str] = []
        self.text: list[str] = []
        self.off: list[str] = []
        self.syntax: list[str] = []
        self.read: list[Places] = []

    def add_code(self, text: str) -> None:
        self.code.append(text)

    def add_off(self, text: str) -> None:
        """Code that switches a thing off or removes it (`USE_CUDA=0`)."""
        self.off.append(text)

    def add_syntax(self, text: str) -> None:
        """Words of the language itself written where names could stand
        (`Places.syntax`)."""
        self.syntax.append(text)

    def add_prose(self, text: str) -> None:
        self.prose.append(text)

    def add_literal(self, text: str) -> None:
        """A string literal's own text: prose when it reads as a sentence."""
        (self.prose if _SENTENCE.search(text) else self.strings).append(text)

    def add_text(self, text: str) -> None:
        """Free text written for a reader (a Markdown page's running text, an
        issue form's placeholder): prose, but for its name-shaped words
        (`JOB_NAME`, `collect_env`), which stand for names there."""
        self.text.append(text)

    def add_literal_words(self, text: str) -> None:
        """Words neither code nor prose: a page's code spans, a plain text."""
        self.strings.append(text)

    def add(self, other: Places) -> None:
        self.read.append(other)

    def places(self) -> Places:
        def words(pieces: list[str]) -> set[str]:
            return words_of(" ".join(pieces))

        code, strings, prose = words(self.code), words(self.strings), words(self.prose)
        if self.text:
            text = words(self.text)
            named = {word for word in text if "_" in word}
            strings |= named
            prose |= text - named
        off, syntax = words(self.off), words(self.syntax)
        read = self.read
        every_code = _union(code, [other.used for other in read])
        every_off = _union(off, [other.off for other in read]) - every_code
        every_strings = _union(strings, [other.strings for other in read])
        every_syntax = _union(syntax, [other.syntax for other in read])
        if every_syntax:
            every_syntax -= every_code | every_off | every_strings
        return Places(
            every_code | every_off if every_off else every_code,
            every_strings,
            _union(prose, [other.prose for other in read]),
            every_off,
            every_syntax,
        )


def _union(own: set[str], read: list[frozenset[str]]) -> frozenset[str]:
    """The words of `own` and of `read` (the places of texts read inside this
    one), the first of `read` copied once: a page's embedded source holds
    most of its words."""
    if not read:
        return frozenset(own)
    if not own and len(read) == 1:
        return read[0]  # a Markdown page's code: its embedded source's, as read
    return read[0].union(own, *read[1:])


def word_runs(text: str) -> list[str]:
    """The runs of ASCII word characters (`[A-Za-z0-9_]`) of `text`, in
    order: every other character (a `?` for any non-ASCII one) parts them."""
    return text.encode("ascii", "replace").translate(_WORD_BYTES).decode("ascii").split()


def words_of(text: str) -> set[str]:
    """The words of `text` as `re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)`
    finds them, each once. Split out as ASCII: a regex match builds an object
    per word, where the split builds one per word and the set keeps one per
    distinct word (any non-ASCII character is a `?`, so no part of a word).
    Decoded once, whole: only the few runs that start with a digit are
    looked at one by one."""
    found = set(word_runs(text))
    # Only word bytes are left, and digits sort before letters and `_` (and
    # `:` right after them): a word led by a digit sorts before ":".
    led = [word for word in found if word < ":"]
    if led:
        found.difference_update(led)
        for word in led:
            word = word.lstrip(_DIGITS)  # `3d` holds the word `d`; `42` holds none
            if word:
                found.add(word)
    return found
