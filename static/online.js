// A player's online game page (issue 25): the server tells, by server-sent events, how many lines
// the game in play has; when that differs from what the page shows (the opponent moved, the next
// game began, the game started once both players came), or the running clock's flag fell, the page
// reloads itself (and the reload ends a game whose flag fell).
// While the page waits for the opponent it counts down to the moment a no-show may be claimed and
// reloads then (the server shows the claim). Without this script the page's reload link does the
// same. The stream carries only the game's number and line count, never a card.
(function () {
  'use strict';
  var root = document.getElementById('online') || document.getElementById('on-wait');
  if (!root) return;
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
    window.setInterval(tick, 1000);
  }
  if (!window.EventSource) return;
  var shown = root.dataset.game + ':' + root.dataset.step;
  var source = new EventSource(root.dataset.events);
  source.addEventListener('step', function (e) {
    if (e.data !== shown) {
      source.close();
      window.location.reload();
    }
  });
  // The running clock's flag fell: the reload ends the game on time (the stream only tells).
  source.addEventListener('flag', function () {
    source.close();
    window.location.reload();
  });
})();
