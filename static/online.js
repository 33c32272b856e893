// A player's online game page (issue 25): the server tells, by server-sent events, how many lines
// the game in play has; when that differs from what the page shows (the opponent moved, the next
// game began, the game started once both players came), or the running clock's flag fell, the page
// fetches itself and puts its new main part in place, without a reload (issue 35, item 6: the
// board stays where the thumb is, open sections stay open); if that fails, it reloads.
// While the page waits for the opponent it counts down to the moment a no-show may be claimed and
// reloads then (the server shows the claim). Without this script the page's reload link does the
// same. The stream carries only the game's number and line count, never a card.
// The running side's clock counts down each second from the server's reading (data-ms), as
// table.js does on the recorder; the server's clock decides.
// Moves are chosen on the board and in the hand by the picker the recorder shares (picker.js,
// loaded first); without scripts the same pieces are links (?pick=) and the list below the board.
(function () {
  'use strict';
  var clockText = function (ms) {
    var s = ms > 0 ? Math.ceil(ms / 1000) : 0;
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ':' + (s < 10 ? '0' : '') + s;
  };
  // The page's timers (clocks, the no-show countdown), stopped when a fresh page is put in place.
  var timers = [];
  var every = function (f) { timers.push(window.setInterval(f, 1000)); };
  // Everything the page's main part needs, run at load and again after each fresh page.
  var setup = function () {
    timers.forEach(function (t) { window.clearInterval(t); });
    timers = [];
    var root = document.getElementById('online') || document.getElementById('on-wait');
    if (!root) return null;
    var loaded = Date.now();
    var running = root.querySelectorAll('.clock[data-ms][data-running]');
    if (running.length) {
      every(function () {
        for (var i = 0; i < running.length; i++) {
          var c = running[i];
          var ms = Number(c.getAttribute('data-ms')) - (Date.now() - loaded);
          var t = c.querySelector('.t');
          if (t) t.textContent = clockText(ms);
          c.classList.toggle('low', ms < 60000);
          c.classList.toggle('flag', ms <= 0);
        }
      });
    }
    // Moves are picked on the board and in the hand by the shared picker (picker.js).
    if (window.bitwaPicker) window.bitwaPicker(root);
    var left = document.getElementById('on-claim-in');
    if (left) {
      var secs = parseInt(left.dataset.seconds, 10);
      var minUnit = left.dataset.min, secUnit = left.dataset.sec;
      var tick = function () {
        secs -= 1;
        if (secs <= 0) {
          window.location.reload();
          return;
        }
        var mm = Math.floor(secs / 60), ss = secs % 60;
        left.textContent = (mm > 0 ? mm + ' ' + minUnit + (ss > 0 ? ' ' : '') : '') + (ss > 0 ? ss + ' ' + secUnit : '');
      };
      every(tick);
    }
    return root;
  };
  var root = setup();
  if (!root || !window.EventSource) return;
  var shown = root.dataset.game + ':' + root.dataset.step;
  var source = new EventSource(root.dataset.events);
  var reload = function () {
    source.close();
    window.location.reload();
  };
  // The newest line count the stream told, whether a fetch is on its way, and whether another
  // was asked for meanwhile.
  var told = shown, fetching = false, again = false, tries = 0;
  var refresh = function () {
    if (fetching) { again = true; return; }
    var here = document.getElementById('online') || document.getElementById('on-wait');
    // This player's own move is on its way: its answer is the next page.
    if (here && here.hasAttribute('data-sent')) return;
    if (!window.fetch || !window.DOMParser) { reload(); return; }
    fetching = true;
    var before = shown;
    window.fetch(window.location.pathname, { credentials: 'same-origin', cache: 'no-store' })
      .then(function (r) {
        if (!r.ok || r.redirected) throw new Error('answer ' + r.status);
        return r.text();
      })
      .then(function (html) {
        var doc = new window.DOMParser().parseFromString(html, 'text/html');
        var fresh = doc.querySelector('main');
        var main = document.querySelector('main');
        if (!fresh || !main) throw new Error('no main part');
        var open = Array.prototype.map.call(main.querySelectorAll('details[open][id]'), function (d) { return d.id; });
        main.innerHTML = fresh.innerHTML;
        document.title = doc.title;
        open.forEach(function (id) {
          var d = document.getElementById(id);
          if (d && d.tagName === 'DETAILS') d.open = true;
        });
        var r = setup();
        if (!r) throw new Error('no game');
        shown = r.dataset.game + ':' + r.dataset.step;
        fetching = false;
        if (shown !== before) tries = 0;
        if (again) {
          // A line told (or the flag) while this page was on its way: once more.
          again = false;
          refresh();
        } else if (told !== shown && tries < 3) {
          // The page is not yet at the line told: a little later, a few times at most.
          tries += 1;
          window.setTimeout(refresh, 500 * tries);
        }
      })
      .catch(reload);
  };
  source.addEventListener('step', function (e) {
    told = e.data;
    if (e.data !== shown) refresh();
  });
  // The running clock's flag fell: the server ends the game on time; the fresh page shows it.
  source.addEventListener('flag', refresh);
})();
