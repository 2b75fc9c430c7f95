#!/usr/bin/env python3
"""Writes the table of Sources/ZipGeo/Places/Generated/PlaceNameKey+Folding.swift from Python's unicodedata.

Usage: /usr/bin/python3 scripts/make-place-folding.py

For every letter of the Latin, Greek and Cyrillic blocks (and the fullwidth forms) whose
lower-case form, decomposed (NFKD) and stripped of its combining marks, differs from its
lower-case form: that folded form (Ä, ä -> a; Ǆ -> dz; ｶ stays). Letters that do not decompose
but that people write without their stroke or ligature (ß, æ, ø, ł, đ, þ, œ, ı) are added by hand.
"""
import pathlib
import unicodedata

ranges = [(0x00C0, 0x024F), (0x0370, 0x03FF), (0x0400, 0x04FF), (0x1E00, 0x1FFF), (0xFB00, 0xFB06), (0xFF01, 0xFF5E)]
by_hand = {
    "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
    "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th",
    "ı": "i", "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t", "ŀ": "l", "Ŀ": "l", "ĸ": "k", "ŉ": "n",
    "ƒ": "f", "ɨ": "i", "ʉ": "u",
}


def fold(character):
    lower = character.lower()
    if character in by_hand:
        return by_hand[character]
    decomposed = unicodedata.normalize("NFKD", lower)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", stripped).lower()


lines = []
for first, last in ranges:
    for value in range(first, last + 1):
        character = chr(value)
        if not unicodedata.category(character).startswith("L") and character not in by_hand:
            if not ("0" <= fold(character) <= "9" or fold(character).isalpha()):
                continue
        folded = fold(character)
        if folded and folded != character.lower() and folded.isprintable() and all(ord(c) >= 0x20 for c in folded):
            lines.append(character + folded)
target = pathlib.Path(__file__).resolve().parent.parent / "Sources/ZipGeo/Places/Generated/PlaceNameKey+Folding.swift"
text = target.read_text(encoding="utf-8")
head, _, rest = text.partition('  static let foldings = """\n')
_, _, tail = ("\n" + rest).partition('\n    """\n')
body = "\n".join("    " + line for line in lines)
target.write_text(head + '  static let foldings = """\n' + body + '\n    """\n' + tail, encoding="utf-8")
print(f"{len(lines)} foldings written to {target}")
