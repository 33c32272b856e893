// bitwa: the digital table's small enhancements. Every page works without this file.
// 1. Clocks tick: each .clock[data-ms] counts down while it has data-running (the server keeps the time).
// 2. The replay's step links follow the arrow keys (← → Home End).
// 3. Parts with data-poll are fetched again every few seconds and swapped in (live pages).
// 4. On the recorder, tapping a target on the board records the move at once (without: a confirm page).
// 5. The recorder's forms are sent in the background, so a dropped Wi-Fi leaves the page as it was
//    with a note and a retry button (not the browser's error page, which loses the place).
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

  // 4. A tapped target records at once: the link carries the whole line (draft) and go=1.
  var recorder = document.getElementById('recorder');
  var typed = document.getElementById('typed-form');
  if (recorder && typed) {
    recorder.addEventListener('click', function (e) {
      var a = e.target.closest ? e.target.closest('a') : null;
      if (!a) return;
      var href = a.getAttribute('href') || '';
      if (href.indexOf('go=1') < 0) return;
      var draft = new URL(href, location.href).searchParams.get('draft');
      if (!draft) return;
      e.preventDefault();
      typed.querySelector('input[name=event]').value = draft;
      if (typed.requestSubmit) typed.requestSubmit();
      else typed.submit();
    });
  }

  // 5. Sent in the background. An accepted event answers 303 (seen as an opaque redirect): the
  //    recorder is loaded again. A refusal (422, 409, ...) changed nothing on the server, so the form
  //    is sent once more the usual way, to show the server's page. No answer at all: the note, and
  //    the same form sent again on "retry" (the step number refuses a second copy of a line that
  //    did arrive after all).
  var offlineText = recorder && recorder.getAttribute('data-offline');
  if (recorder && offlineText && window.fetch && window.FormData && window.URLSearchParams) {
    var note = null;
    var showOffline = function (form, submitter) {
      if (!note) {
        note = document.createElement('div');
        note.id = 'offline';
        note.className = 'error';
        note.setAttribute('role', 'alert');
        var p = document.createElement('p');
        p.textContent = offlineText;
        var retry = document.createElement('button');
        retry.type = 'button';
        retry.id = 'offline-retry';
        retry.textContent = recorder.getAttribute('data-retry') || '↻';
        note.appendChild(p);
        note.appendChild(retry);
        recorder.insertBefore(note, recorder.firstChild);
      }
      note.querySelector('button').onclick = function () { send(form, submitter); };
    };
    var send = function (form, submitter) {
      var data = new FormData(form);
      if (submitter && submitter.name) data.append(submitter.name, submitter.value);
      fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(data),
        credentials: 'same-origin',
        redirect: 'manual'
      }).then(function (r) {
        if (r.type === 'opaqueredirect' || (r.status >= 300 && r.status < 400)) {
          location.replace(form.action);
        } else {
          form.setAttribute('data-native', '1');
          if (form.requestSubmit) form.requestSubmit(submitter || undefined);
          else form.submit();
        }
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
