// A player's online game page (issue 25): the server tells, by server-sent events, how many lines
// the game in play has; when that differs from what the page shows (the opponent moved, a flag
// fell, the next game began), the page reloads itself. Without this script the page's reload link
// does the same. The stream carries only the game's number and line count, never a card.
(function () {
  'use strict';
  var root = document.getElementById('online');
  if (!root || !window.EventSource) return;
  var shown = root.dataset.game + ':' + root.dataset.step;
  var source = new EventSource(root.dataset.events);
  source.addEventListener('step', function (e) {
    if (e.data !== shown) {
      source.close();
      window.location.reload();
    }
  });
})();
