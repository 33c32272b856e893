// bitwa: the one picker of moves on the board and in the hand, shared by the online player's page
// and the referee's recorder (issue 35, item 2). Both pages list what may be done now as a form of
// buttons (#on-offers, from `app::recording::offers`), each naming the pieces that choose it
// (data-k: units `u:`, spaces `h:`, cards `c:`). A tap on a piece (`[data-k]` inside the page's
// part `root`) picks it and lights up the pieces that go on from there. The line is sent:
// - when one offer holds exactly what was tapped and nothing else fits;
// - when the tapped piece is a target (a unit no line goes on from) and one offer is tapped whole:
//   a tapped target records the attack at once, as the recorder always did;
// otherwise the tray (#on-pick) shows "Potwierdź" for the one tapped whole and the few lines left
// as buttons. A space or a target only one unit goes to picks that unit too (one tap). When several
// paths lead to the tapped space, the tray offers one of each length (as long, they leave the same
// position), and their middle spaces (data-via) light up on the board: a tap on one steers the
// path. Sending is the form's own submit (`requestSubmit`): the page's script may send it in the
// background (the recorder does, with a retry when the network drops).
// Without scripts the same pieces are links (`?pick=` online, `?unit=` / `?draft=` at the table).
// `window.bitwaPicker(root)` sets the picker up again after the page's main part was put in place.
(function () {
  'use strict';
  var each = function (list, f) { Array.prototype.forEach.call(list, f); };
  var setup = function (root) {
    if (!root) return;
    var list = document.getElementById('on-offers');
    var tray = document.getElementById('on-pick');
    if (!list || !tray || !root.contains(list)) return;
    if (root.bitwaPicker) root.removeEventListener('click', root.bitwaPicker);
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
      return root.querySelectorAll('[data-k="' + key + '"]:not(button)');
    };
    var holds = function (o) {
      return taps.every(function (t) { return o.keys.indexOf(t) >= 0; }) &&
        vias.every(function (t) { return o.via.indexOf(t) >= 0; });
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
    // The spaces a line's march crosses, as the line names them (none: no march).
    var marchOf = function (o) {
      var w = o.button.value.split(' ');
      var at = w.indexOf('march');
      var path = [];
      if (at < 0) return path;
      for (var i = at + 1; i < w.length && w[i] !== 'attack'; i++) path.push(w[i]);
      return path;
    };
    // Of the paths `list` (to one space), one of each length, shortest first: the one crossing the
    // fewest middle spaces not tapped (the first offered among those). Lines without a march stay.
    var oneOfEachLength = function (list) {
      var untapped = function (o) { return o.via.filter(function (v) { return vias.indexOf(v) < 0; }).length; };
      var out = [];
      var at = {};
      list.forEach(function (o) {
        var n = marchOf(o).length;
        if (!n) { out.push(o); return; }
        if (!(n in at)) { at[n] = out.length; out.push(o); }
        else if (untapped(o) < untapped(out[at[n]])) out[at[n]] = o;
      });
      return out.map(function (o, i) { return [marchOf(o).length, i, o]; })
        .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; })
        .map(function (x) { return x[2]; });
    };
    var draw = function () {
      each(root.querySelectorAll('[data-k]:not(button)'), function (el) { el.classList.remove('can', 'on'); });
      var fit = offers.filter(holds);
      var next = {};
      fit.forEach(function (o) {
        var more = taps.length ? o.keys : o.keys.slice(0, 1);
        more.forEach(function (k) { if (taps.indexOf(k) < 0) next[k] = true; });
      });
      Object.keys(next).forEach(function (k) {
        each(pieces(k), function (el) { el.classList.add('can'); });
      });
      taps.forEach(function (k) {
        each(pieces(k), function (el) { el.classList.add('on'); });
      });
      tray.innerHTML = '';
      if (!taps.length) { tray.hidden = true; return; }
      var whole = fit.filter(function (o) { return o.keys.length === taps.length; });
      if (whole.length > 1) {
        // Several paths to one space: their middle spaces choose.
        whole.forEach(function (o) {
          o.via.forEach(function (k) {
            if (vias.indexOf(k) < 0) each(pieces(k), function (el) { el.classList.add('can'); });
          });
        });
      }
      vias.forEach(function (k) {
        each(pieces(k), function (el) { el.classList.add('on'); });
      });
      // Paths to one space that are as long leave the same position (a command marker spent for
      // each space marched, nothing else a path crosses counts: tested in web::table::taps), so the
      // tray offers one path of each length, the shortest first, each through the middle spaces
      // tapped if one goes through no other: a handful of buttons, never a list to scroll. Other
      // lines no piece tells apart (Na Zachód!'s two ways) are offered each.
      var choice = whole.length > 1 ? oneOfEachLength(whole) : whole;
      if (choice.length === 1) {
        var b = button(root.getAttribute('data-confirm'), 'on-confirm', function () { send(choice[0]); });
        b.id = 'on-confirm';
        b.title = choice[0].label;
      }
      var open = whole.length > 1 ? (choice.length > 1 ? choice : []) : (Object.keys(next).length ? [] : fit);
      // Paths to one space are short buttons (`f3 → e4`, the full line as their title): the
      // march's spaces as the line names them.
      var names = open.map(function (o) { return marchOf(o).join(' \u2192 '); });
      var paths = open.length > 1 && names.every(function (n, i) { return n && names.indexOf(n) === i; });
      open.forEach(function (o, i) {
        var b = button(paths ? names[i] : o.label, paths ? 'opt on-line on-path' : 'opt on-line', function () { send(o); });
        b.title = o.label;
      });
      button(root.getAttribute('data-cancel'), 'secondary on-cancel', function () { taps = []; vias = []; draw(); }).id = 'on-cancel';
      tray.hidden = false;
    };
    // The one unit every offer holding `key` (with what is tapped) starts from, if `key` is not
    // a unit starting anything itself: a space or a target only that unit goes to.
    var impliedUnit = function (key) {
      if (taps.length || offers.some(function (o) { return o.keys[0] === key; })) return null;
      var firsts = {};
      offers.forEach(function (o) {
        if (o.keys.indexOf(key) > 0 && o.keys[0].indexOf('u:') === 0) firsts[o.keys[0]] = true;
      });
      var units = Object.keys(firsts);
      return units.length === 1 ? units[0] : null;
    };
    var onTap = function (e) {
      var el = e.target.closest ? e.target.closest('[data-k]') : null;
      if (!el || el.tagName === 'BUTTON' || !root.contains(el)) return;
      var key = el.getAttribute('data-k');
      var here = el.getAttribute('data-at');
      if (here && taps.indexOf(key) >= 0 && taps.indexOf(here) < 0 &&
          offers.some(function (o) { return holds(o) && o.keys.indexOf(here) >= 0; })) {
        // The picked unit tapped again, where a march back to its own space is offered: that space.
        key = here;
      }
      var starts = offers.some(function (o) { return o.keys.indexOf(key) >= 0; }) ||
        offers.some(function (o) { return o.via.indexOf(key) >= 0; });
      if (!starts && !taps.length) return;
      // The tap is the picker's: a link the piece sits in is the way without scripts.
      e.preventDefault();
      var at = taps.indexOf(key);
      var viaAt = vias.indexOf(key);
      var whole = offers.filter(holds).filter(function (o) { return o.keys.length === taps.length; });
      var target = false;
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
        var unit = impliedUnit(key);
        if (unit) taps.push(unit);
        taps.push(key);
        if (!offers.some(holds)) {
          // Not with what was tapped before: a fresh start from this piece, if it starts anything.
          taps = [key];
          if (!offers.some(holds)) taps = [];
        }
        // A unit that is no line's first piece and every line holding it ends with: a target.
        var holding = offers.filter(holds);
        target = key.indexOf('u:') === 0 && holding.length > 0 && holding.every(function (o) {
          return o.keys[0] !== key && o.keys[o.keys.length - 1] === key;
        });
      }
      var fit = offers.filter(holds);
      var wholeNow = fit.filter(function (o) { return o.keys.length === taps.length; });
      draw();
      if (taps.length && (fit.length === 1 || target) && wholeNow.length === 1) send(wholeNow[0]);
    };
    root.bitwaPicker = onTap;
    root.addEventListener('click', onTap);
    // The page may drop what only the way without scripts needs (the recorder's units' buttons).
    root.classList.add('picker-on');
    draw();
  };
  window.bitwaPicker = setup;
})();
