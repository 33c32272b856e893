// A sending that did not save comes back: a form marked `data-draft="NAME"` keeps what it sent in
// this browser (localStorage, per form address) until the server answers that it is saved. If the
// page comes back without the save having happened (the session ended and the referee logged in
// again, the Wi-Fi dropped while sending), the sent values are put back and a note says so, with one
// tap to discard them. The page works without this script; it only enhances.
//
// What comes back, and what does not (issue 22, item 5):
// - only what was sent and got no answer: typing that was never sent (a form abandoned, a page
//   left) is not kept, nor a sending the server refused (its page showed it back, then was left);
// - only into empty fields: a value on the page (stored, or as the server kept it on a refusal)
//   is never replaced by an older one from this browser;
// - never mixed with new typing: nothing is put back into a form already typed into, and the first
//   typing into a field filled from the draft replaces it (no "2" from the draft before a typed "13");
// - only while the form's `version` is the one it was sent against: if someone saved the form
//   meanwhile, the old values would overwrite their save unseen.
// A page reached by a successful save carries `?saved=NAME`, a refused form comes back with its
// summary (`.refused-summary`) and what was sent: either way that form's draft is done.
(function () {
  "use strict";
  var PREFIX = "bitwa-draft:";
  var MAX_AGE_MS = 24 * 60 * 60 * 1000;
  var store;
  try {
    store = window.localStorage;
    store.getItem(PREFIX);
  } catch (e) {
    return; // storage off (private mode, policy): nothing to enhance
  }
  var saved = new URLSearchParams(window.location.search).get("saved");

  function kept(el) {
    if (!el.name || el.disabled) return false;
    var t = (el.type || "").toLowerCase();
    return t !== "hidden" && t !== "password" && t !== "file" && t !== "submit" && t !== "button";
  }
  function versionOf(form) {
    var v = form.querySelector("input[name=version]");
    return v ? v.value : "";
  }
  function toggled(el) {
    return el.type === "checkbox" || el.type === "radio";
  }
  function read(form) {
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!kept(el)) return;
      if (toggled(el)) {
        if (el.checked) fields[el.name + "=" + el.value] = true;
      } else fields[el.name] = el.value;
    });
    return fields;
  }
  // What the server sent (a browser may already have put typing back into the fields by itself).
  function served(el) {
    if (toggled(el)) return el.defaultChecked;
    if (el.tagName === "SELECT") {
      var chosen = Array.prototype.filter.call(el.options, function (o) { return o.defaultSelected; });
      return chosen.length ? chosen[0].value : el.options.length ? el.options[0].value : "";
    }
    return el.defaultValue;
  }
  function untouched(form) {
    return Array.prototype.every.call(form.elements, function (el) {
      if (!kept(el)) return true;
      return toggled(el) ? el.checked === el.defaultChecked : el.value === served(el);
    });
  }
  function hasOption(select, value) {
    return Array.prototype.some.call(select.options, function (o) { return o.value === value; });
  }
  // Put the draft into the empty fields only: the elements filled.
  function restore(form, fields) {
    var filled = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!kept(el)) return;
      if (toggled(el)) {
        if (!el.checked && fields[el.name + "=" + el.value] === true) {
          el.checked = true;
          filled.push(el);
        }
        return;
      }
      var value = fields[el.name];
      if (typeof value !== "string" || value === "" || el.value !== "") return;
      if (el.tagName === "SELECT" && !hasOption(el, value)) return;
      el.value = value;
      filled.push(el);
    });
    return filled;
  }

  Array.prototype.forEach.call(document.querySelectorAll("form[data-draft]"), function (form) {
    var name = form.getAttribute("data-draft");
    var key = PREFIX + new URL(form.action, window.location.href).pathname + "#" + name;
    var draft = null;
    try {
      draft = JSON.parse(store.getItem(key) || "null");
    } catch (e) {
      draft = null;
    }
    var fresh = draft && draft.fields && Date.now() - draft.at < MAX_AGE_MS && draft.version === versionOf(form);
    // Saved, or refused by the server (the refused form shows what was sent, with its summary):
    // either way the server has answered this sending, and the draft is done.
    var answered = saved === name || form.querySelector(".refused-summary") !== null;
    if (answered || !fresh) {
      store.removeItem(key);
    } else if (untouched(form)) {
      var filled = restore(form, draft.fields);
      if (filled.length) {
        var note = document.createElement("p");
        note.className = "note draft-note";
        note.setAttribute("role", "status");
        note.textContent = form.getAttribute("data-draft-note") || "";
        var undo = document.createElement("button");
        undo.type = "button";
        undo.className = "link draft-discard";
        undo.textContent = form.getAttribute("data-draft-discard") || "×";
        undo.addEventListener("click", function () {
          store.removeItem(key);
          filled.forEach(function (el) {
            if (toggled(el)) el.checked = el.defaultChecked;
            else el.value = served(el);
            el.classList.remove("draft-restored");
          });
          note.remove();
        });
        note.appendChild(document.createTextNode(" "));
        note.appendChild(undo);
        var summary = form.querySelector(".refused-summary");
        form.insertBefore(note, summary ? summary.nextSibling : form.firstChild);
        filled.forEach(function (el) {
          el.classList.add("draft-restored");
          // The first typing into a field that came from the draft replaces it (a phone's keyboard
          // sends no key events: `beforeinput` is what every browser sends before the text changes).
          el.addEventListener("beforeinput", function (ev) {
            if (!el.classList.contains("draft-restored")) return;
            el.classList.remove("draft-restored");
            if ((ev.inputType || "").indexOf("insert") === 0 && !toggled(el)) el.value = "";
          });
        });
      }
    }
    // Kept when sent, not while typed: a form left unsent leaves nothing behind.
    form.addEventListener("submit", function () {
      store.setItem(key, JSON.stringify({ at: Date.now(), version: versionOf(form), fields: read(form) }));
    });
  });
})();
