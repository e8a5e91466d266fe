"""Lay out generated statements the way black would: one line when it fits, otherwise split
at the last bracket, then at commas, comprehension clauses or a conditional's keywords."""

from __future__ import annotations

from collections.abc import Iterator

#: Black's default, used when the project configures nothing.
DEFAULT_LINE_LENGTH = 88
_PAIRS = {"(": ")", "[": "]", "{": "}"}


def fit(before: str, code: str, after: str, *, unit: str = "    ",
        line_length: int = DEFAULT_LINE_LENGTH) -> str:
    """`code` replacing an expression on the line `before + code + after`: as it is where the
    line fits, otherwise split over lines the way black would (continuation lines carry
    the line's own indentation plus one level)."""
    if "\n" in code or len(before) + len(code) + len(after) <= line_length \
            or "#" in _outside_strings(after):
        return code
    indent = before[:len(before) - len(before.lstrip())]
    head = before[len(indent):]
    lines = _wrap(head, code, after, 0, indent, unit, line_length)
    if len(lines) == 1:
        return code
    lines[0] = lines[0][len(head):]
    lines[-1] = lines[-1][:len(lines[-1]) - len(after)] if after else lines[-1]
    return lines[0] + "".join("\n" + indent + line for line in lines[1:])


def fit_line(line: str, *, unit: str = "    ",
             line_length: int = DEFAULT_LINE_LENGTH) -> str | None:
    """A whole one-line statement (`total = sum(... for p in ps)`, `return f(...)`) split
    the way black would when it is too long; None where that does not bring every line
    within the limit or the line is not a plain statement (a comment, a string's inside)."""
    if len(line) <= line_length or "#" in _outside_strings(line):
        return None
    indent = line[:len(line) - len(line.lstrip())]
    text = line[len(indent):]
    if text.startswith("return "):
        head, expr = "return ", text[len("return "):]
    else:
        equals = [i for i, char, depth in _scan(text) if depth == 0 and char == "="
                  and _assigns(text, i)]
        head, expr = (text[:equals[0] + 2], text[equals[0] + 2:]) if equals else ("", text)
    lines = statement(head, expr, indent=indent, unit=unit, line_length=line_length)
    if len(lines) == 1 or any(len(indent + piece) > line_length for piece in lines):
        return None
    return lines[0] + "".join("\n" + indent + piece for piece in lines[1:])


#: The operators of augmented assignments (`total += ...`), longest first.
_AUGMENTED = ("**", "//", ">>", "<<", "+", "-", "*", "/", "%", "&", "|", "^", "@")


def _assigns(text: str, at: int) -> bool:
    """Whether the `=` at `at` is an assignment's (` = `, or ` += ` and the other augmented
    forms): a statement black splits after it, inside parentheses, not at its operators."""
    if text[at + 1:at + 2] != " ":
        return False
    before = text[:at]
    return before.endswith(" ") or any(before.endswith(" " + op) for op in _AUGMENTED)


def _outside_strings(text: str) -> str:
    return "".join(char for _, char, _ in _scan(text))


def statement(head: str, expr: str, *, indent: str, unit: str = "    ",
              line_length: int = DEFAULT_LINE_LENGTH, tail: str = "") -> list[str]:
    """`head + expr` (for example `"values = "` and the expression), as lines relative to
    `indent` (the first line carries no indentation: the caller places it)."""
    lines = _wrap(head, expr, tail, 0, indent, unit, line_length)
    return [lines[0].lstrip(), *lines[1:]]


def _fits(text: str, depth: int, indent: str, unit: str, limit: int) -> bool:
    return len(indent) + len(unit) * depth + len(text) <= limit


def _wrap(head: str, expr: str, tail: str, depth: int, indent: str, unit: str,
          limit: int) -> list[str]:
    pad = unit * depth
    if _fits(head + expr + tail, depth, indent, unit, limit):
        return [pad + head + expr + tail]
    statement_head = head.endswith("= ") or head.endswith("return ")
    operators = _operator_positions(expr)
    if operators and not head:
        # Inside brackets black splits at the loosest operators first: one operand per
        # line, each line starting with its operator.
        parts = [part.strip() for part in _cut(expr, operators, 0)]
        return [line for index, part in enumerate(parts)
                for line in _wrap("", part, tail if index == len(parts) - 1 else "", depth,
                                  indent, unit, limit)]
    pairs = _bracket_pairs(expr)
    # Black splits at the last bracket unless the line before it stays too long; then it
    # omits trailers (`.reshape(1)`) and splits at an earlier bracket.
    pair = next((p for p in pairs if _fits(pad + head + expr[:p[0] + 1], 0, indent, unit, limit)),
                pairs[0] if pairs else None)
    if pair is not None:
        opener, closer = pair
        inner = expr[opener + 1:closer]
        first = pad + head + expr[:opener + 1]
        last = pad + expr[closer:] + tail
        # A conditional expression has two delimiters (`if`, `else`): black then keeps
        # the optional parentheses around a right-hand side instead.
        conditional = statement_head and bool(_keyword_positions(expr, comprehension=False))
        if not conditional and (not operators or not statement_head or (
                _fits(first, 0, indent, unit, limit) and _fits(last, 0, indent, unit, limit))):
            body = _split(inner, depth + 1, indent, unit, limit)
            return [first, *body, last]
    if statement_head or (not head and _keyword_positions(expr, comprehension=False)):
        # Black puts a long right-hand side, or a long conditional expression in a
        # collection, in parentheses and splits inside them.
        body = _split(expr, depth + 1, indent, unit, limit)
        return [pad + head + "(", *body, pad + ")" + tail]
    return [pad + head + expr + tail]


def _split(inner: str, depth: int, indent: str, unit: str, limit: int) -> list[str]:
    """The inside of a split bracket: on one line if it fits, else one part per line."""
    pad = unit * depth
    if _fits(inner, depth, indent, unit, limit):
        return [pad + inner]
    keywords = _keyword_positions(inner, comprehension=True)
    if keywords:
        parts = [p.strip() for p in _cut(inner, keywords, 0)]
        # A clause that is a conditional expression (`a if c else b for x in xs`) too
        # long for its line is split at its own `if` and `else`, without parentheses.
        return [line for part in parts
                for piece in _conditional_parts(part, depth, indent, unit, limit)
                for line in _wrap("", piece, "", depth, indent, unit, limit)]
    commas = _top_level(inner, ",")
    if commas:
        parts = [p.strip() for p in _cut(inner, commas, 1)]
        parts = [p for p in parts if p]
        return [line for part in parts
                for line in _wrap("", part, ",", depth, indent, unit, limit)]
    keywords = _keyword_positions(inner, comprehension=False)
    if keywords:
        parts = [p.strip() for p in _cut(inner, keywords, 0)]
        return [line for part in parts
                for line in _wrap("", part, "", depth, indent, unit, limit)]
    return _wrap("", inner, "", depth, indent, unit, limit)


def _conditional_parts(part: str, depth: int, indent: str, unit: str,
                       limit: int) -> list[str]:
    if _fits(part, depth, indent, unit, limit) or part.startswith(("for ", "if ")):
        return [part]
    keywords = _keyword_positions(part, comprehension=False)
    return [p.strip() for p in _cut(part, keywords, 0)] if keywords else [part]


def _cut(text: str, positions: list[int], skip: int) -> Iterator[str]:
    start = 0
    for position in positions:
        yield text[start:position]
        start = position + skip
    yield text[start:]


def _scan(text: str) -> Iterator[tuple[int, str, int]]:
    """(index, character, bracket depth) of every character outside string literals."""
    depth = 0
    quote: str | None = None
    for index, char in enumerate(text):
        if quote is not None:
            if char == quote and text[index - 1] != "\\":
                quote = None
            continue
        if char in "'\"":
            quote = char
            continue
        if char in _PAIRS:
            yield index, char, depth
            depth += 1
            continue
        if char in ")]}":
            depth -= 1
        yield index, char, depth


def _top_level(text: str, wanted: str) -> list[int]:
    return [index for index, char, depth in _scan(text) if char == wanted and depth == 0]


def _keyword_positions(text: str, *, comprehension: bool) -> list[int]:
    """Where the clauses of a comprehension (` for ` and the ` if `s after it) start, or
    the ` if ` and ` else ` of a conditional expression (black splits comprehensions
    before commas, and conditionals after them)."""
    top = {index for index, _, depth in _scan(text) if depth == 0}

    def find(word: str) -> list[int]:
        found = []
        start = text.find(word)
        while start != -1:
            if start in top and start + len(word) - 1 in top:
                found.append(start + 1)
            start = text.find(word, start + 1)
        return found

    fors = find(" for ")
    ifs = find(" if ")
    if comprehension:
        if not fors:
            return []
        return sorted([*fors, *(i for i in ifs if i > fors[0])])
    return sorted([*ifs, *find(" else ")])


#: Binary operators by how loosely they bind: black splits at the loosest present.
_OPERATORS = ((" or ",), (" and ",), (" + ", " - "), (" * ", " / ", " // ", " % "),
              (" ** ",))


def _operator_positions(text: str) -> list[int]:
    """Where the loosest-binding top-level binary operators of `text` start (after the
    space before them)."""
    top = {index for index, _, depth in _scan(text) if depth == 0}
    for group in _OPERATORS:
        found = sorted(start + 1 for word in group for start in _find_all(text, word)
                       if start in top and start + len(word) - 1 in top)
        if found:
            return found
    return []


def _find_all(text: str, word: str) -> list[int]:
    found = []
    start = text.find(word)
    while start != -1:
        found.append(start)
        start = text.find(word, start + 1)
    return found


def _bracket_pairs(expr: str) -> list[tuple[int, int]]:
    """The top-level bracket pairs with something inside that are followed only by
    trailers (`.all()`, `.item()`), last first: where black may split."""
    pairs: list[tuple[int, int]] = []
    stack: list[int] = []
    for index, char, _ in _scan(expr):
        if char in _PAIRS:
            stack.append(index)
        elif char in ")]}" and stack:
            opener = stack.pop()
            if not stack:
                pairs.append((opener, index))
    found = []
    for opener, closer in reversed(pairs):
        if not _trailers(expr[closer + 1:]):
            break
        if closer - opener > 1:
            found.append((opener, closer))
    return found


def _trailers(rest: str) -> bool:
    """Whether `rest` (what follows a closing bracket) is only attribute names and calls
    or subscripts: no operator or keyword at the top level."""
    top = "".join(char for _, char, depth in _scan(rest) if depth == 0 and char not in "()[]{}")
    return all(char.isalnum() or char in "._" for char in top)
