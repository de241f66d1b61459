/* The hand form of the hanchan page (plain JS, no framework): never a lost tap.
 *
 * Each new hand gets a key made here, in its hidden `submission` input: the server records a tap
 * once however often it arrives (services.hanchan_record_hand), so a tap whose answer the network
 * lost can simply be sent again. The key stays while the form is on screen (a refused or unsent
 * form keeps it); the form cleared after a recorded hand (or a fresh one from the server) gets a new one.
 *
 * While a tap is on its way the record button says 送信中… and cannot be pressed again. When the
 * request fails (no network, the form's 15 s timeout, a server error) the form stays as typed and
 * 送信できませんでした offers 再送信 (the same key) or 「未送信として残して次の局へ」.
 *
 * Hands kept without signal (未送信) wait in localStorage, per hanchan (#hanchan-actions' data-hand-queue),
 * each with its key, the version the page had and the keys of the phone's own queued hands before
 * it (`after`): the server takes the old version as current only when those are its newest hands
 * and nothing else changed. They are listed at the top of the hand list and sent in order when
 * the network comes back (`online`, every 30 s, or 「未送信の局を送信」). A change made meanwhile on
 * another phone refuses them: they stay on the phone (held), the page is redrawn with that change,
 * and the scorekeeper sends them on top of it or throws them away.
 * Initialised on DOMContentLoaded and on every `htmx:load` (forms swapped in by htmx).
 */
(function () {
  "use strict";
  if (window.HandEntry) return;

  var TIMEOUT = 15000; // as the form's hx-request
  var NOT_SENT = ["csrfmiddlewaretoken", "version", "submission", "after", "step", "fresh"];

  var state = "";          // the tap on screen: "", "sending" or "failed"
  var lastSubmitter = null; // the button of the last submit (a step of a multi-ron is never queued)
  var flushing = false;     // the queue is being sent
  var queueFailed = false;  // the last try to send the queue did not reach the server

  /* A random UUID (version 4). crypto.randomUUID needs HTTPS; the club's LAN is plain HTTP. */
  function newKey() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
  }

  function init(root) {
    (root || document).querySelectorAll('input[name="submission"]').forEach(function (input) {
      if (!input.value) input.value = newKey();
    });
  }

  function byId(id) { return document.getElementById(id); }
  function form() { var f = byId("hand-form"); return f && f.hasAttribute("hx-post") ? f : null; }
  /* The empty form as the page drew it (its `fresh` input): only that one can be cleared here. A form
   * drawn from a step of a multi-winner ron holds the listed wins: it is never queued, it waits. */
  function fresh(f) { return !!f.querySelector('input[name="fresh"]'); }
  function queueHost() { var l = byId("hanchan-actions"); return l && l.dataset.handQueue ? l : null; } // names the queue
  function show(el, on) { if (el) el.hidden = !on; }

  // ------------------------------------------------------------------ the queue (localStorage)

  function queueKey() { var l = queueHost(); return l ? l.dataset.handQueue : null; }

  function load() {
    var k = queueKey();
    var q = null;
    try { q = k && JSON.parse(localStorage.getItem(k)); } catch (e) { q = null; }
    q = q || {};
    q.items = q.items || [];
    return q;
  }

  /* false when the browser keeps nothing (storage full or refused): the caller keeps the form */
  function save(q) {
    var k = queueKey();
    if (!k) return false;
    try {
      if (q.items.length || q.tail) localStorage.setItem(k, JSON.stringify(q));
      else localStorage.removeItem(k);
      return true;
    } catch (e) {
      return false;
    }
  }

  function pageVersion() { var v = byId("hand-version"); return v ? v.value : ""; }
  function csrf() {
    var t = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return t ? t.value : "";
  }

  /* What the form says, as its chips read (「ロン / 和了者 林 / 放銃者 森 / 3翻 / 30符」). */
  function summary(f) {
    var parts = [];
    f.querySelectorAll("input:checked, input[type=text], textarea").forEach(function (input) {
      if (input.name === "value" || input.type === "hidden" || !input.value) return;
      var label = input.closest("label") || f.querySelector('label[for="' + input.id + '"]');
      if (!(input.closest("label") || input).getClientRects().length) return; // not asked for this kind of hand
      var line = input.closest(".line");
      var unit = line && line.querySelector(".line-label");
      var legend = input.closest("fieldset") && input.closest("fieldset").querySelector("legend");
      if (input.closest("label")) {
        var text = label.textContent.trim();
        if (unit) parts.push(text + unit.textContent.trim());
        else if (input.name === "type" || !legend) parts.push(text);
        else parts.push(legend.textContent.trim() + " " + text);
      } else {
        parts.push((label ? label.textContent.trim() + " " : "") + input.value.trim());
      }
    });
    return parts.join(" / ");
  }

  /* Keep the form's hand on this phone and clear the form for the next one (a new key). */
  function enqueue(f) {
    var q = load();
    var fields = [];
    new FormData(f).forEach(function (value, name) {
      if (NOT_SENT.indexOf(name) < 0) fields.push([name, String(value)]);
    });
    var last = q.items[q.items.length - 1];
    var base = last ? { version: last.version, after: last.after.concat([last.key]) }
      : q.tail || { version: pageVersion(), after: [] };
    var key = f.querySelector('input[name="submission"]');
    q.items.push({ key: key.value || newKey(), version: base.version, after: base.after, fields: fields,
                   summary: summary(f) });
    if (!save(q)) { state = "failed"; render(); return; } // not kept: the form stays as typed
    clear(f);
    showStatus(); // 未送信の局: N件 below the form, where the tap can be seen kept
  }

  /* Bring the send status under the form into view (a phone's screen may end above it). */
  function showStatus() {
    var box = byId("send-status");
    if (box) box.scrollIntoView({ block: "nearest" });
  }

  /* The form back to the empty one the page drew, with a new key, for the next hand. */
  function clear(f) {
    f.reset();
    f.querySelector('input[name="submission"]').value = newKey();
    f.querySelectorAll("[data-tile-entry]").forEach(function (palette) {
      if (palette.tileEntry) palette.tileEntry.reset(); // the palette empty too (no read of the inputs)
    });
    var errors = byId("hand-errors");
    if (errors) errors.innerHTML = "";
    var preview = byId("preview");
    if (preview) preview.innerHTML = "";
    state = "";
    render();
  }

  /* After a refusal the scorekeeper has seen the change: the held hands follow the page as it is now. */
  function rebase(q) {
    var version = pageVersion();
    q.items.forEach(function (item, i) {
      item.version = version;
      item.after = q.items.slice(0, i).map(function (x) { return x.key; });
    });
    q.tail = null;
  }

  function flush(force) {
    var l = queueHost();
    if (!l || flushing) return;
    var q = load();
    if (!q.items.length) return;
    if (q.held && !force) { render(); return; }
    if (q.held) { rebase(q); q.held = false; q.detail = ""; save(q); }
    flushing = true;
    queueFailed = false;
    render();
    sendNext(l.dataset.createUrl);
  }

  function sendNext(url) {
    var q = load();
    if (!q.items.length) { finish(""); return; }
    var item = q.items[0];
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.append("version", item.version);
    body.append("submission", item.key);
    item.after.forEach(function (k) { body.append("after", k); });
    body.append("csrfmiddlewaretoken", csrf());
    var ctrl = window.AbortController ? new AbortController() : null;
    var timer = ctrl ? setTimeout(function () { ctrl.abort(); }, TIMEOUT) : null;
    fetch(url, { method: "POST", body: body, credentials: "same-origin", signal: ctrl ? ctrl.signal : undefined,
                 headers: { "HX-Request": "true", "X-CSRFToken": csrf() } }).then(function (r) {
      clearTimeout(timer);
      if (r.status === 200) {
        var now = load();
        if (now.items.length && now.items[0].key === item.key) {
          now.items.shift();
          now.tail = { version: item.version, after: item.after.concat([item.key]) };
          save(now);
        }
        render();
        sendNext(url);
      } else if (r.status === 422) { // refused: a change made elsewhere (stale), or the hand itself
        var stale = r.headers.get("X-Hand-Refused") === "stale";
        return r.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var why = doc.querySelector(".errors");
          var now = load();
          now.held = stale ? "stale" : "refused";
          now.detail = why && !stale ? why.textContent.replace(/\s+/g, " ").trim() : "";
          save(now);
          finish("held");
        });
      } else {
        finish("failed");
      }
    }, function () { clearTimeout(timer); finish("failed"); });
  }

  function finish(how) {
    flushing = false;
    queueFailed = how === "failed";
    render();
    if (how === "held") showStatus();
    if (how !== "failed") refresh();
  }

  /* Redraw #live as the server has it now (the queued hands sent, or another phone's change), keeping
   * the form being typed as it is; the whole page when the game's state changed. */
  function refresh() {
    fetch(location.pathname, { credentials: "same-origin" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (!html) return;
      var doc = new DOMParser().parseFromString(html, "text/html");
      var page = byId("hanchan-page"), fresh = doc.getElementById("hanchan-page");
      if (!page || !fresh) return;
      var badge = function (root) { var b = root.querySelector("h1 .badge"); return b ? b.className : ""; };
      var mine = form(), slot = fresh.querySelector("#hand-form");
      var version = doc.getElementById("hand-version");
      if (badge(page) !== badge(fresh) || !mine || !slot) {
        var whole = document.importNode(fresh, true);
        page.replaceWith(whole);
        if (window.htmx) htmx.process(whole);
      } else {
        var next = document.importNode(fresh.querySelector("#live"), true);
        next.querySelector("#hand-form").replaceWith(mine); // what is being typed stays
        byId("live").replaceWith(next);
        if (version) byId("hand-version").value = version.value;
        if (window.htmx) htmx.process(next);
      }
      var q = load();
      if (!q.items.length && q.tail) { q.tail = null; save(q); }
      render();
    }, function () { /* offline again: the next flush redraws */ });
  }

  // ------------------------------------------------------------------ what the page shows

  function renderRows(q) {
    var l = queueHost();
    if (!l) return;
    document.querySelectorAll("tr.unsent, .unsent-table").forEach(function (el) { el.remove(); });
    if (!q.items.length) return;
    var tbody = byId("hand-rows");
    if (!tbody) { // no hand recorded yet: a table of the unsent ones
      var history = byId("history");
      if (!history) return;
      var wrap = document.createElement("div");
      wrap.className = "scroll unsent-table";
      wrap.innerHTML = '<table class="list hands"><tbody></tbody></table>';
      var empty = history.querySelector(".empty");
      history.insertBefore(wrap, empty || null);
      tbody = wrap.querySelector("tbody");
    }
    var head = tbody.closest("table").querySelectorAll("thead th").length || 3;
    q.items.forEach(function (item) {
      var tr = document.createElement("tr");
      tr.className = "unsent" + (q.held ? " held" : "");
      var no = document.createElement("td");
      no.className = "num no";
      var label = document.createElement("td");
      label.className = "nowrap label";
      var badge = document.createElement("span");
      badge.className = "badge unsent";
      badge.textContent = l.dataset.unsent;
      label.appendChild(badge);
      var desc = document.createElement("td");
      desc.className = "desc";
      desc.colSpan = Math.max(1, head - 2);
      desc.textContent = item.summary;
      tr.append(no, label, desc);
      tbody.insertBefore(tr, tbody.firstChild); // newest first, as the list is
    });
  }

  function render() {
    var q = load();
    renderRows(q);
    var f = form(), box = byId("send-status");
    if (!f || !box) return;
    var button = f.querySelector(".submit-line button.primary");
    if (button) {
      if (!button.dataset.label) button.dataset.label = button.textContent;
      button.disabled = state === "sending";
      button.textContent = state === "sending" ? box.dataset.sending : button.dataset.label;
    }
    f.querySelectorAll(".submit-line button").forEach(function (b) { b.disabled = state === "sending"; });
    f.setAttribute("aria-busy", state === "sending" ? "true" : "false");
    var queued = q.items.length > 0;
    show(box.querySelector(".send-failed"), state === "failed");
    var keep = box.querySelector('[data-act="keep"]');
    show(keep, !(lastSubmitter && lastSubmitter.name === "step") && fresh(f));
    show(box.querySelector(".send-queue"), queued);
    if (queued) {
      box.querySelector(".send-count").textContent = box.dataset.count.replace("__N__", q.items.length);
      show(box.querySelector(".send-note"), !q.held && !flushing);
      show(box.querySelector(".send-queue-failed"), queueFailed && !q.held && !flushing);
      show(box.querySelector(".send-conflict"), !!q.held);
      show(box.querySelector(".send-stale"), q.held !== "refused");
      show(box.querySelector(".send-refused"), q.held === "refused");
      box.querySelector(".send-detail").textContent = q.detail || "";
      var send = box.querySelector('[data-act="flush"]');
      if (!send.dataset.label) send.dataset.label = send.textContent;
      send.disabled = flushing;
      send.textContent = flushing ? box.dataset.sending : send.dataset.label;
      box.querySelector('[data-act="discard"]').disabled = flushing;
    }
    show(box, state === "failed" || queued);
  }

  // ------------------------------------------------------------------ events

  function isHandPost(e) {
    var elt = e.detail && e.detail.elt;
    return !!elt && elt.id === "hand-form" && elt.hasAttribute("hx-post");
  }

  document.addEventListener("submit", function (e) {
    if (e.target.id === "hand-form") lastSubmitter = e.submitter || null;
  }, true);

  document.addEventListener("htmx:beforeRequest", function (e) {
    if (!isHandPost(e)) return;
    var step = lastSubmitter && lastSubmitter.name === "step";
    var q = load();
    if (!step && (q.items.length || q.tail || navigator.onLine === false)) {
      e.preventDefault(); // hands go in order: after the ones this phone still keeps
      if (fresh(e.detail.elt)) {
        enqueue(e.detail.elt);
      } else {
        state = "failed"; // kept as typed: 再送信 once the network is back and the queue is sent
        render();
      }
      if (navigator.onLine !== false) flush(false);
      return;
    }
    state = "sending";
    render();
  });

  document.addEventListener("htmx:afterRequest", function (e) {
    if (!isHandPost(e)) return;
    state = e.detail.successful ? "" : "failed";
    render();
    if (state === "failed") showStatus();
  });
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, function (e) {
      if (!isHandPost(e)) return;
      state = "failed";
      render();
    });
  });

  /* A hand recorded from the empty form as drawn (its `fresh` input): the server sends what changed
   * out of band and no new form; this one is cleared and takes the hanchan's new version. */
  document.addEventListener("hand-recorded", function (e) {
    var f = form();
    if (!f) return;
    byId("hand-version").value = e.detail.version;
    clear(f);
    var live = byId("live");
    if (live) live.scrollIntoView({ block: "start" });
  });

  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("#send-status [data-act]");
    if (!b) return;
    var f = form(), act = b.dataset.act;
    if (act === "retry" && f) {
      state = "";
      var again = lastSubmitter && f.contains(lastSubmitter) ? lastSubmitter : undefined;
      if (f.requestSubmit) f.requestSubmit(again); else htmx.trigger(f, "submit");
    } else if (act === "keep" && f && fresh(f)) {
      enqueue(f);
    } else if (act === "flush") {
      flush(true);
    } else if (act === "discard") {
      if (!window.confirm(byId("send-status").dataset.discardConfirm)) return;
      var q = load();
      q.items = [];
      q.held = false;
      q.detail = "";
      save(q);
      render();
    }
  });

  window.addEventListener("online", function () { flush(false); });
  setInterval(function () { if (navigator.onLine !== false) flush(false); }, 30000);

  window.HandEntry = { newKey: newKey, init: init, flush: flush, render: render };
  document.addEventListener("DOMContentLoaded", function () {
    init(document);
    var q = load();
    if (!q.items.length && q.tail) { q.tail = null; save(q); } // the page is as the server has it now
    render();
    if (navigator.onLine !== false) flush(false);
  });
  document.addEventListener("htmx:load", function (e) {
    init(e.detail.elt.parentNode || document);
    if (e.detail.elt.querySelector && (e.detail.elt.id === "hand-form" || e.detail.elt.querySelector("#hand-form"))) {
      state = "";
    }
    render();
  });
})();
