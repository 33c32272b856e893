// bitwa: the digital table's small enhancements. Every page works without this file.
// 1. Clocks tick: each .clock[data-ms] counts down while it has data-running (the server keeps the time).
// 2. The replay's step links follow the arrow keys (← → Home End).
// 3. Parts with data-poll are fetched again every few seconds and swapped in (live pages).
// 4. On the recorder, moves are picked on the board by the picker the online page shares (picker.js,
//    loaded first: a unit, then a space or a target; a tapped target records the move at once). Links
//    the picker leaves (a card, back, a step of a card's play) are fetched and swapped in, no page
//    load; without scripts every link leads to the server's next choice.
// 5. The recorder's forms are sent in the background and the next view swapped in place, so a
//    dropped Wi-Fi leaves the page as it was with a note and a retry button (not the browser's error
//    page, which loses the place).
// 6. A selection of cards sends itself when its count is reached.
// 7. Red's extra markers and Na Zachód! send themselves once each of their units has been chosen.
// 8. Fighter Escadrille: once its cards are revealed their list folds to them (the discarded ones come
//    up), and the form sends itself once the discarded ones are ticked too.
(function () {
  'use strict';

  function text(ms) {
    var s = ms > 0 ? Math.ceil(ms / 1000) : 0;
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ':' + (s < 10 ? '0' : '') + s;
  }

  var loaded = Date.now();
  var reloading = false;

  function tick() {
    var clocks = document.querySelectorAll('.clock[data-ms]');
    for (var i = 0; i < clocks.length; i++) {
      var c = clocks[i];
      if (!c.hasAttribute('data-running')) continue;
      var start = Number(c.getAttribute('data-start') || loaded);
      var ms = Number(c.getAttribute('data-ms')) - (Date.now() - start);
      var t = c.querySelector('.t');
      if (t) t.textContent = text(ms);
      c.classList.toggle('low', ms < 60000);
      if (ms <= 0) {
        c.classList.add('flag');
        // The recorder asks the server, whose clock decides, once the flag has fallen.
        if (document.getElementById('recorder') && !reloading) {
          reloading = true;
          setTimeout(function () { location.replace(location.pathname); }, 1200);
        }
      }
    }
  }
  setInterval(tick, 250);

  // 2. Arrow keys on the replay.
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    var go = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (!go) return;
    var a = document.querySelector('[data-replay] a[data-go="' + go + '"]');
    if (a) {
      e.preventDefault();
      location.href = a.href;
    }
  });

  // The current move in view.
  var now = document.querySelector('ol.moves li.now');
  if (now && now.parentNode.scrollHeight > now.parentNode.clientHeight) {
    now.parentNode.scrollTop = now.offsetTop - now.parentNode.offsetTop - 40;
  }

  // 3. Live parts.
  var polled = document.querySelectorAll('[data-poll]');
  Array.prototype.forEach.call(polled, function (el) {
    var url = el.getAttribute('data-poll');
    var busy = false;
    setInterval(function () {
      if (busy || document.hidden) return;
      busy = true;
      fetch(url, { credentials: 'same-origin', cache: 'no-store' })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html !== null && html !== el.innerHTML) {
            el.innerHTML = html;
            var stamp = String(Date.now());
            var clocks = el.querySelectorAll('.clock[data-ms]');
            for (var i = 0; i < clocks.length; i++) clocks[i].setAttribute('data-start', stamp);
          }
        })
        .catch(function () {})
        .then(function () { busy = false; });
    }, 3000);
  });

  // 4-6. The recorder. Everything is delegated from the document, so it keeps working after the
  //    page's main part is swapped in place.
  var recorderNow = function () { return document.getElementById('recorder'); };
  var first = recorderNow();
  var offlineText = first && first.getAttribute('data-offline');
  var retryText = first && first.getAttribute('data-retry');
  var canFetch = !!(window.fetch && window.FormData && window.URLSearchParams && window.DOMParser);

  // The recorder's page, fetched or answered, put in place of this one's main part: no page load,
  // and the window stays where it was (the header and the bar are fixed, the options on top).
  var swap = function (html, url) {
    var doc = new DOMParser().parseFromString(html, 'text/html');
    var fresh = doc.querySelector('main');
    var main = document.querySelector('main');
    if (!fresh || !main) { location.replace(url); return; }
    main.innerHTML = fresh.innerHTML;
    if (doc.title) document.title = doc.title;
    var stamp = String(Date.now());
    var clocks = main.querySelectorAll('.clock[data-ms]');
    for (var i = 0; i < clocks.length; i++) clocks[i].setAttribute('data-start', stamp);
    if (url && history.replaceState) history.replaceState(null, '', url);
    window.scrollTo(0, 0);
    reloading = false;
    if (window.bitwaPicker) window.bitwaPicker(recorderNow());
  };
  var load = function (url) {
    return fetch(url, { credentials: 'same-origin', cache: 'no-store' })
      .then(function (r) { return r.text(); })
      .then(function (html) { swap(html, url); });
  };

  // 4. A tapped target records at once: the link carries the whole line (draft) and go=1. Any other
  //    link of the recorder to itself (a unit picked, a card, back) is fetched and swapped in.
  if (first && window.bitwaPicker) window.bitwaPicker(first);
  document.addEventListener('click', function (e) {
    // A piece the picker took (it chose on the board without the link).
    if (e.defaultPrevented) return;
    var rec = recorderNow();
    var a = e.target.closest ? e.target.closest('a') : null;
    if (!rec || !a || !rec.contains(a)) return;
    var href = a.getAttribute('href') || '';
    var to = new URL(href, location.href);
    if (to.pathname !== location.pathname) return;
    var typed = document.getElementById('typed-form');
    var draft = to.searchParams.get('draft');
    if (href.indexOf('go=1') >= 0 && draft && typed) {
      e.preventDefault();
      typed.querySelector('input[name=event]').value = draft;
      if (typed.requestSubmit) typed.requestSubmit();
      else typed.submit();
      return;
    }
    if (!canFetch) return;
    e.preventDefault();
    load(to.href).catch(function () { location.href = to.href; });
  });

  // 6. A selection sends itself once its count is reached (the cards ticked and the unseen ones).
  document.addEventListener('change', function (e) {
    var form = e.target && e.target.closest ? e.target.closest('form.picker[data-count]') : null;
    if (!form || e.target.type !== 'checkbox') return;
    var want = Number(form.getAttribute('data-count'));
    var ticked = form.querySelectorAll('input[type=checkbox]:checked').length;
    var unseen = form.querySelector('input[name=unseen]');
    var n = ticked + (unseen ? Number(unseen.value || 0) : 0);
    if (want > 0 && n === want) {
      if (form.requestSubmit) form.requestSubmit();
      else form.submit();
    }
  });

  // 7. Red's extra markers (2 units) and Na Zachód! (3): every list chosen, the form sends itself (a
  //    list left at the unit it showed first is not a choice: "save" sends the form then).
  document.addEventListener('change', function (e) {
    var form = e.target && e.target.closest ? e.target.closest('form.picker[data-units]') : null;
    if (!form || e.target.tagName !== 'SELECT') return;
    e.target.setAttribute('data-chosen', '1');
    var lists = form.querySelectorAll('select').length;
    if (lists > 0 && form.querySelectorAll('select[data-chosen]').length === lists) {
      if (form.requestSubmit) form.requestSubmit();
      else form.submit();
    }
  });

  // 8. Fighter Escadrille: the revealed cards, then the discarded ones.
  document.addEventListener('change', function (e) {
    var form = e.target && e.target.closest ? e.target.closest('form.picker[data-reveal]') : null;
    if (!form || e.target.type !== 'checkbox') return;
    var reveal = Number(form.getAttribute('data-reveal'));
    var discard = Number(form.getAttribute('data-discard'));
    var shown = form.querySelectorAll('input[name=reveal]:checked').length;
    var dropped = form.querySelectorAll('input[name=drop]:checked').length;
    form.classList.toggle('revealed', shown === reveal);
    // A revealed card is not among the discarded ones: its tile leaves that list.
    var revealed = Array.prototype.map.call(form.querySelectorAll('input[name=reveal]:checked'), function (i) { return i.value; });
    Array.prototype.forEach.call(form.querySelectorAll('input[name=drop]'), function (i) {
      var label = i.closest('label');
      if (label) label.style.display = shown === reveal && revealed.indexOf(i.value) >= 0 ? 'none' : '';
    });
    if (shown === reveal && dropped === discard && reveal + discard > 0) {
      if (form.requestSubmit) form.requestSubmit();
      else form.submit();
    }
  });

  // 5. Sent in the background. An accepted event answers 303 (seen as an opaque redirect): the
  //    recorder is fetched and swapped in. A refusal (422, 409, ...) changed nothing on the server;
  //    its answer (the recorder with the reason) is swapped in. No answer at all: the note, and the
  //    same form sent again on "retry" (the step number refuses a second copy of a line that did
  //    arrive after all).
  if (first && offlineText && canFetch) {
    var showOffline = function (form, submitter) {
      var rec = recorderNow();
      var note = document.getElementById('offline');
      if (!note && rec) {
        note = document.createElement('div');
        note.id = 'offline';
        note.className = 'error';
        note.setAttribute('role', 'alert');
        var p = document.createElement('p');
        p.textContent = offlineText;
        var retry = document.createElement('button');
        retry.type = 'button';
        retry.id = 'offline-retry';
        retry.textContent = retryText || '↻';
        note.appendChild(p);
        note.appendChild(retry);
        rec.insertBefore(note, rec.firstChild);
      }
      if (note) note.querySelector('button').onclick = function () { send(form, submitter); };
    };
    var send = function (form, submitter) {
      var data = new FormData(form);
      if (submitter && submitter.name) data.append(submitter.name, submitter.value);
      var base = form.action.split('#')[0];
      fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(data),
        credentials: 'same-origin',
        redirect: 'manual'
      }).then(function (r) {
        if (r.type === 'opaqueredirect' || (r.status >= 300 && r.status < 400)) {
          return load(base);
        }
        var type = r.headers.get('content-type') || '';
        if (type.indexOf('text/html') >= 0) {
          return r.text().then(function (html) {
            if (html.indexOf('id="recorder"') >= 0) swap(html, base);
            else { form.setAttribute('data-native', '1'); form.submit(); }
          });
        }
        form.setAttribute('data-native', '1');
        if (form.requestSubmit) form.requestSubmit(submitter || undefined);
        else form.submit();
      }, function () { showOffline(form, submitter); });
    };
    document.addEventListener('submit', function (e) {
      var form = e.target;
      if (!form || form.tagName !== 'FORM' || form.hasAttribute('data-native')) return;
      if ((form.getAttribute('method') || '').toLowerCase() !== 'post') return;
      if (form.action.split('#')[0] !== location.href.split('#')[0].split('?')[0]) return;
      e.preventDefault();
      send(form, e.submitter);
    });
  }
})();
