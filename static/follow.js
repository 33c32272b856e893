// Following a player (issue 22, item 8): the choice is kept in this browser only (localStorage,
// one entry per tournament; no account, no cookie). The pages work without this script: the
// "follow" link is a plain `/t/ID?follow=PLAYER` address and the card comes from the server.
// Here: tapping "follow" on a player page stores the choice; the tournament page stores what its
// address says (`?follow=none` forgets it), and without a `follow` in the address it reloads
// itself with the stored one, so the card is there on every visit.
(function () {
  'use strict';
  var key = function (t) { return 'bitwa.follow.' + t; };
  var store = window.localStorage;
  if (!store) return;
  var link = document.getElementById('follow-link');
  if (link) {
    link.addEventListener('click', function () {
      try { store.setItem(key(link.dataset.tournament), link.dataset.player); } catch (e) { /* private mode */ }
    });
  }
  // The standings (issue 37): "pokaż moje miejsce" jumps to the followed player's row.
  var table = document.getElementById('standings');
  var mine = document.getElementById('my-place');
  if (table && mine && table.dataset.tournament) {
    try {
      var who = store.getItem(key(table.dataset.tournament));
      var row = who && /^[0-9]+$/.test(who) ? document.getElementById('p-' + who) : null;
      if (row) {
        row.classList.add('followed');
        mine.setAttribute('href', '#p-' + who);
        document.getElementById('my-place-line').hidden = false;
      }
    } catch (e) { /* storage refused: the table still reads */ }
  }
  // The front page (issue 37): the players this browser follows, with their next tables. Without a
  // `follow` in the address it reloads itself once with every followed player (`?follow=T.P,T.P`);
  // the players and tournaments the server no longer knows are forgotten.
  var home = document.getElementById('home');
  if (home) {
    try {
      var gone = document.getElementById('followed-gone');
      if (gone) {
        gone.dataset.gone.split(',').forEach(function (t) { if (/^[0-9]+$/.test(t)) store.removeItem(key(t)); });
      }
      var here = new URLSearchParams(window.location.search);
      if (!here.has('follow')) {
        var pairs = [];
        for (var i = 0; i < store.length; i++) {
          var k = store.key(i);
          var m = k && /^bitwa\.follow\.([0-9]+)$/.exec(k);
          var v = m && store.getItem(k);
          if (m && v && /^[0-9]+$/.test(v)) pairs.push(m[1] + '.' + v);
        }
        if (pairs.length) {
          pairs.sort();
          window.location.replace(window.location.pathname + '?follow=' + pairs.slice(0, 6).join(','));
        }
      }
    } catch (e) { /* storage refused: the page reads without the cards */ }
    return;
  }
  var front = document.getElementById('player-search');
  if (!front) return;
  var t = front.dataset.tournament;
  var params = new URLSearchParams(window.location.search);
  var asked = params.get('follow');
  try {
    if (asked === 'none') {
      store.removeItem(key(t));
    } else if (asked !== null) {
      if (/^[0-9]+$/.test(asked)) store.setItem(key(t), asked);
    } else if (!params.has('q')) {
      var kept = store.getItem(key(t));
      if (kept && /^[0-9]+$/.test(kept)) {
        params.set('follow', kept);
        window.location.replace(window.location.pathname + '?' + params.toString());
      }
    }
  } catch (e) { /* storage refused: the links still work */ }
})();
