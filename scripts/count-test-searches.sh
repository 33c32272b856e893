#!/bin/sh
# Counts the page-text searches in the service tests (issue 38's target: at most 300).
#
# A page-text search is, in tests/service/**/*.rs outside tests/service/pages/ (the page objects,
# where reading a page is the point):
#   1. a call of `assert_contains(` or `assert_lacks(` (they search a page's whole body);
#   2. a `.contains(` or `.find(` whose receiver is page text: the receiver expression names
#      `body`, `text`, `html`, `source`, `page_text(`, `text_of(` or `source_with(`
#      (`page.body`, `text.lines()`, `text_of(&p, "#x")`...), or is a variable whose nearest
#      `let` (or a parameter of that name) in the file is bound to such an expression.
#      Not counted: iterator searches (`.find(|x| ...)` on anything but `.lines()` of page text,
#      `.iter()` receivers) and membership tests of a collection read from a page (a variable
#      bound to `ids_after(..)`, `texts(..)`, `vec![..]`, `[..]` or a `.collect()`): they compare
#      whole values, not search text.
# Occurrences inside comments (`//`) are skipped.
#
# Usage: scripts/count-test-searches.sh [-v]   (-v lists every counted search as file:line: kind)
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$@" <<'PY'
import collections, glob, re, signal, sys

signal.signal(signal.SIGPIPE, signal.SIG_DFL)

verbose = "-v" in sys.argv[1:]
PAGEY = re.compile(r"\b(body|text|html|source|page_text|text_of|source_with)\b")
COLLECTION = re.compile(r"^(ids_after\(|texts\(|crate::pages::texts\(|vec!\[|\[)|\.collect(::<[^>]*>)?\(\)\s*$")
files = sorted(f for f in glob.glob("tests/service/**/*.rs", recursive=True) if "/pages/" not in f)


def strip_comments(src):
    out = []
    for line in src.split("\n"):
        # drop `// ...` outside string literals (good enough for this code base: no `//` in strings
        # that precede a search on the same line except URLs, which are inside quotes).
        in_str = False
        cut = len(line)
        i = 0
        while i < len(line):
            ch = line[i]
            if ch == "\\" and in_str:
                i += 2
                continue
            if ch == '"':
                in_str = not in_str
            elif not in_str and line.startswith("//", i):
                cut = i
                break
            i += 1
        out.append(line[:cut])
    return "\n".join(out)


def receiver(s, i):
    j, depth = i, 0
    while j > 0:
        ch = s[j - 1]
        if depth > 0:
            if ch in ")]":
                depth += 1
            elif ch in "([":
                depth -= 1
            j -= 1
            continue
        if ch in ")]":
            depth += 1
            j -= 1
            continue
        if ch.isalnum() or ch in "_.:&?":
            j -= 1
            continue
        break
    return s[j:i].strip()


def binding(s, i, name):
    """The expression the nearest `let name = ...;` before i binds (or `name:` a parameter)."""
    best = None
    for m in re.finditer(r"\blet\s+(?:mut\s+)?" + re.escape(name) + r"\b[^=;]*=\s*([^;]*);", s[:i]):
        best = m.group(1)
    if best is None and re.search(r"[(,]\s*" + re.escape(name) + r"\s*:\s*&", s[:i]):
        return name  # a parameter: judged by its name
    return best


def pagey(s, i, recv, depth=0):
    if PAGEY.search(recv):
        return True
    m = re.fullmatch(r"&?([a-z_][a-z0-9_]*)(\[[^\]]*\])?", recv)
    if m and depth < 3:
        b = binding(s, i, m.group(1))
        if b is not None and COLLECTION.search(b.strip()):
            return False
        if b is not None and b != recv:
            return pagey(s, i, b.strip(), depth + 1)
    return False


total = 0
by_file = collections.Counter()
by_kind = collections.Counter()
listing = []
for f in files:
    s = strip_comments(open(f, encoding="utf-8").read())
    for m in re.finditer(r"\bassert_(contains|lacks)\(", s):
        if s[max(0, m.start() - 7):m.start()].endswith("fn "):
            continue  # the definition in helpers.rs
        kind = "assert_" + m.group(1)
        line = s.count("\n", 0, m.start()) + 1
        by_file[f] += 1
        by_kind[kind] += 1
        listing.append(f"{f}:{line}: {kind}")
    for m in re.finditer(r"\.(contains|find)\(", s):
        recv = receiver(s, m.start())
        arg = s[m.end():m.end() + 2].lstrip()
        if arg.startswith("|") and not recv.endswith(".lines()"):
            continue
        if recv.endswith((".iter()", ".into_iter()", "iter_mut()")):
            continue
        if not pagey(s, m.start(), recv):
            continue
        kind = "." + m.group(1)
        line = s.count("\n", 0, m.start()) + 1
        by_file[f] += 1
        by_kind[kind] += 1
        listing.append(f"{f}:{line}: {recv}{kind}(")

total = sum(by_kind.values())
if verbose:
    print("\n".join(listing))
    print()
print(f"page-text searches in tests/service (outside pages/): {total}")
for k, n in sorted(by_kind.items()):
    print(f"  {k:16} {n}")
print("by file:")
for f, n in by_file.most_common():
    print(f"  {n:4} {f}")
PY
