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
// Moves are chosen on the board and in the hand: each offer in the list (#on-offers) names the
// pieces that choose it (data-k: units, spaces, cards). A tap picks a piece and lights up the pieces
// that go on from there; when one offer holds exactly what was tapped and nothing else fits, it is
// sent; otherwise the tray shows "Potwierdź" for the one tapped whole and the few lines left as
// buttons. When several paths lead to the tapped space, their middle spaces (data-via) light up
// on the board and a tap on one chooses the path.
// Without this script the same pieces are links (?pick=) and the list below the board.
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
    var list = document.getElementById('on-offers');
    var tray = document.getElementById('on-pick');
    if (list && tray) {
      var offers = Array.prototype.map.call(list.querySelectorAll('button[name=event]'), function (b) {
        var words = function (name) {
          return (b.getAttribute(name) || '').split(' ').filter(function (k) { return k; });
        };
        return { button: b, keys: words('data-k'), via: words('data-via'), label: b.textContent };
      }).filter(function (o) { return o.keys.length > 0; });
      var taps = [];
      // Middle spaces tapped to tell paths to one space apart.
      var vias = [];
      var pieces = function (key) {
        return document.querySelectorAll('#online [data-k="' + key + '"]:not(button)');
      };
      var holds = function (o) {
        return taps.every(function (t) { return o.keys.indexOf(t) >= 0; }) &&
          vias.every(function (t) { return o.via.indexOf(t) >= 0; });
      };
      // The offers holding every tap and tapped whole.
      var wholeNow = function () {
        return offers.filter(holds).filter(function (o) { return o.keys.length === taps.length; });
      };
      var send = function (o) {
        tray.hidden = true;
        root.setAttribute('data-sent', '1');
        if (list.requestSubmit) list.requestSubmit(o.button);
        else o.button.click();
      };
      var button = function (text, cls, onTap) {
        var b = document.createElement('button');
        b.type = 'button';
        b.className = cls;
        b.textContent = text;
        b.addEventListener('click', onTap);
        tray.appendChild(b);
        return b;
      };
      var draw = function () {
        var all = document.querySelectorAll('#online [data-k]:not(button)');
        for (var i = 0; i < all.length; i++) all[i].classList.remove('can', 'on');
        var fit = offers.filter(holds);
        var next = {};
        fit.forEach(function (o) {
          var more = taps.length ? o.keys : o.keys.slice(0, 1);
          more.forEach(function (k) { if (taps.indexOf(k) < 0) next[k] = true; });
        });
        Object.keys(next).forEach(function (k) {
          Array.prototype.forEach.call(pieces(k), function (el) { el.classList.add('can'); });
        });
        taps.forEach(function (k) {
          Array.prototype.forEach.call(pieces(k), function (el) { el.classList.add('on'); });
        });
        tray.innerHTML = '';
        if (!taps.length) { tray.hidden = true; return; }
        var whole = fit.filter(function (o) { return o.keys.length === taps.length; });
        if (whole.length > 1) {
          // Several paths to one space: their middle spaces choose.
          whole.forEach(function (o) {
            o.via.forEach(function (k) {
              if (vias.indexOf(k) < 0) {
                Array.prototype.forEach.call(pieces(k), function (el) { el.classList.add('can'); });
              }
            });
          });
        }
        vias.forEach(function (k) {
          Array.prototype.forEach.call(pieces(k), function (el) { el.classList.add('on'); });
        });
        if (whole.length === 1) {
          var b = button(root.getAttribute('data-confirm'), 'on-confirm', function () { send(whole[0]); });
          b.id = 'on-confirm';
          b.title = whole[0].label;
        }
        // The lines no further piece tells apart (two paths to one space): one tap each.
        var open = whole.length > 1 ? whole : (Object.keys(next).length ? [] : fit);
        // Paths to one space are short buttons (`f3 → e4`, the full line as their title): the
        // march's spaces as the line names them.
        var pathOf = function (o) {
          var w = o.button.value.split(' ');
          var at = w.indexOf('march');
          if (at < 0) return '';
          var path = [];
          for (var i = at + 1; i < w.length && w[i] !== 'attack'; i++) path.push(w[i]);
          return path.join(' \u2192 ');
        };
        var names = open.map(pathOf);
        var paths = open.length > 1 && names.every(function (n, i) { return n && names.indexOf(n) === i; });
        open.forEach(function (o, i) {
          var b = button(paths ? names[i] : o.label, paths ? 'opt on-line on-path' : 'opt on-line', function () { send(o); });
          b.title = o.label;
        });
        button(root.getAttribute('data-cancel'), 'secondary on-cancel', function () { taps = []; vias = []; draw(); }).id = 'on-cancel';
        tray.hidden = false;
      };
      root.addEventListener('click', function (e) {
        var el = e.target.closest ? e.target.closest('[data-k]') : null;
        if (!el || el.tagName === 'BUTTON' || !root.contains(el)) return;
        var key = el.getAttribute('data-k');
        var here = el.getAttribute('data-at');
        if (here && taps.indexOf(key) >= 0 && taps.indexOf(here) < 0 &&
            offers.some(function (o) { return holds(o) && o.keys.indexOf(here) >= 0; })) {
          // The picked unit tapped again, where a march back to its own space is offered: that space.
          key = here;
        }
        var a = e.target.closest('a');
        if (a && root.contains(a)) e.preventDefault();
        var at = taps.indexOf(key);
        var viaAt = vias.indexOf(key);
        var whole = wholeNow();
        if (viaAt >= 0) {
          vias.splice(viaAt, 1);
        } else if (at >= 0) {
          taps.splice(at, 1);
          vias = [];
        } else if (whole.length > 1 && whole.some(function (o) { return o.via.indexOf(key) >= 0; }) &&
            !offers.some(function (o) { return holds(o) && o.keys.indexOf(key) >= 0; })) {
          // A middle space that is no piece of a line going on from here (a march ending there is
          // chosen by that tap as before).
          vias.push(key);
        } else {
          vias = [];
          taps.push(key);
          if (!offers.some(holds)) {
            // Not with what was tapped before: a fresh start from this piece, if it starts anything.
            taps = [key];
            if (!offers.some(holds)) taps = [];
          }
        }
        var fit = offers.filter(holds);
        draw();
        if (taps.length && fit.length === 1 && fit[0].keys.length === taps.length) send(fit[0]);
      });
      draw();
    }
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
