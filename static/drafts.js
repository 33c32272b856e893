// Unsent typing survives: a form marked `data-draft="NAME"` keeps what is typed into it in this
// browser (localStorage, per page and form) until it is saved. If the page comes back without the
// save having happened (the session ended and the referee logged in again, the phone killed the
// tab, the Wi-Fi dropped), the typing is put back and a note says so. The page works without this
// script; it only enhances.
//
// A draft is restored only while the form's `version` is the one it was typed against: if someone
// saved the form meanwhile, putting the old typing back would overwrite their save unseen.
// A page reached by a successful save carries `?saved=NAME`: that form's draft is done.
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
  function read(form) {
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!kept(el)) return;
      fields[el.name] = el.type === "checkbox" || el.type === "radio" ? el.checked : el.value;
    });
    return fields;
  }
  // What the server sent (a browser may already have put typing back into the fields by itself).
  function served(form) {
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!kept(el)) return;
      if (el.type === "checkbox" || el.type === "radio") fields[el.name] = el.defaultChecked;
      else if (el.tagName === "SELECT") {
        var chosen = Array.prototype.filter.call(el.options, function (o) { return o.defaultSelected; });
        fields[el.name] = chosen.length ? chosen[0].value : el.options.length ? el.options[0].value : "";
      } else fields[el.name] = el.defaultValue;
    });
    return fields;
  }
  function write(form, fields) {
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!kept(el) || !(el.name in fields)) return;
      if (el.type === "checkbox" || el.type === "radio") el.checked = !!fields[el.name];
      else el.value = fields[el.name];
    });
  }
  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  Array.prototype.forEach.call(document.querySelectorAll("form[data-draft]"), function (form) {
    var key = PREFIX + window.location.pathname + "#" + form.getAttribute("data-draft");
    var shown = served(form);
    var draft = null;
    try {
      draft = JSON.parse(store.getItem(key) || "null");
    } catch (e) {
      draft = null;
    }
    var fresh = draft && Date.now() - draft.at < MAX_AGE_MS && draft.version === versionOf(form);
    if (saved === form.getAttribute("data-draft") || !fresh) {
      store.removeItem(key);
    } else if (!same(draft.fields, shown)) {
      write(form, draft.fields);
      var note = document.createElement("p");
      note.className = "note draft-note";
      note.setAttribute("role", "status");
      note.textContent = form.getAttribute("data-draft-note") || "";
      var undo = document.createElement("button");
      undo.type = "button";
      undo.className = "link";
      undo.textContent = form.getAttribute("data-draft-discard") || "×";
      undo.addEventListener("click", function () {
        store.removeItem(key);
        write(form, shown);
        note.remove();
      });
      note.appendChild(document.createTextNode(" "));
      note.appendChild(undo);
      form.insertBefore(note, form.firstChild);
    }
    function keep() {
      var fields = read(form);
      if (same(fields, shown)) store.removeItem(key);
      else store.setItem(key, JSON.stringify({ at: Date.now(), version: versionOf(form), fields: fields }));
    }
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
  });
})();
