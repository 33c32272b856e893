#!/usr/bin/env python3
"""Games in play for measuring the live page (scripts/measure-pages.sh), as a referee records them.

    live-in-play.py BASE start N    log in as the demo's referee, start recording N games of the
                                    demo's last round that have no result, record 3 lines in each
    live-in-play.py BASE push S     for S seconds, record one line a second, the games in turn

Each line is the first event the recorder offers (never a flag fall), posted as its form posts it
(CSRF, step), so every game stays legal; a refused post stops the script with its status.
Standard library only: it runs wherever the measuring script does.
"""
import html
import http.cookiejar
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

BASE, ACTION, ARG = sys.argv[1], sys.argv[2], int(sys.argv[3])
T = 1
jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))


def get(path):
    return opener.open(BASE + path).read().decode()


def post(path, fields):
    try:
        return opener.open(BASE + path, urllib.parse.urlencode(fields).encode()).status
    except urllib.error.HTTPError as e:
        said = re.findall(r'class="error"[^>]*>(.*?)<', e.read().decode(), re.S)
        sys.exit(f"{path} {fields.get('event', fields.get('action'))!r}: {e.code} {said}")


def csrf(page):
    return re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)


def login():
    page = get("/login")
    post("/login", {"csrf": csrf(page), "username": "sedzia", "password": "demo-sedzia"})


def last_round():
    page = get(f"/t/{T}")
    return max(int(r) for r in re.findall(rf"/t/{T}/round/(\d+)", page))


def games_without_result():
    """The first game of each match of the last round that the referee's match page offers to record
    (one game per table, as at a venue), in table order."""
    page = get(f"/t/{T}/round/{last_round()}")
    matches = sorted(set(re.findall(rf"/t/{T}/match/(\d+)", page)), key=int)
    games = []
    for m in matches:
        games += re.findall(rf"/ref/t/{T}/game/(\d+)/record", get(f"/ref/t/{T}/match/{m}"))[:1]
    return list(dict.fromkeys(games))


def record_line(game):
    """Post the first offered event that is not a flag fall; False when none is offered (it ended)."""
    page = get(f"/ref/t/{T}/game/{game}/record")
    for form in re.findall(r"<form[^>]*>.*?</form>", page, re.S):
        if 'name="event"' not in form or "flag" in form:
            continue
        events = [e for e in re.findall(r'name="event" value="([^"]*)"', form) if e]
        if not events:
            continue
        fields = dict(re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)"', form))
        # A button's event (a hidden field's when the form is one command).
        fields["event"] = events[0]
        fields = {k: html.unescape(v) for k, v in fields.items()}
        post(f"/ref/t/{T}/game/{game}/record", fields)
        return True
    return False


login()
if ACTION == "start":
    started = []
    for game in games_without_result()[:ARG]:
        page = get(f"/ref/t/{T}/game/{game}/record")
        post(f"/ref/t/{T}/game/{game}/record", {"csrf": csrf(page), "action": "start"})
        for _ in range(3):
            record_line(game)
        started.append(game)
    if len(started) < ARG:
        sys.exit(f"only {len(started)} games without a result to record, {ARG} asked")
    print(f"recording games {' '.join(started)}")
elif ACTION == "push":
    games = games_without_result()
    end = time.monotonic() + ARG
    i = 0
    while time.monotonic() < end and games:
        if not record_line(games[i % len(games)]):
            games.pop(i % len(games))
        i += 1
        time.sleep(1)
else:
    sys.exit(f"unknown action {ACTION}")
