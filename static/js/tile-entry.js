/* Tap palette for entering a mahjong hand (plain JS, no framework).
 *
 * Markup: templates/scoring/partials/tile_entry.html inside a <form> that has the inputs
 * `hand` (mpsz, concealed tiles without the winning tile), `melds` (JSON, call order) and
 * `win_tile` (mpsz). Tapping and typing both edit the same inputs; what is typed is read by the
 * server (data-parse-url: the engine's parser), so there is one notation parser. Every text shown
 * comes from the page (data-msg-* attributes, palette and mode buttons), translated there. After every change the form
 * gets `tiles-changed` (htmx present) or a bubbling `change` event, so a live preview can refresh.
 * Initialised on DOMContentLoaded and on every `htmx:load` (forms swapped in by htmx).
 */
(function () {
  "use strict";
  if (window.TileEntry) return; // the partial may be swapped in more than once

  var MELD_SIZE = { chi: 3, pon: 3, minkan: 4, kakan: 4, ankan: 4 };

  function kind(name) { return (name[0] === "0" ? "5" : name[0]) + name[1]; }
  function value(name) { return name[0] === "0" ? 5 : Number(name[0]); }
  function order(name) { return "mpsz".indexOf(name[1]) * 20 + value(name) * 2 + (name[0] === "0" ? 0 : 1); }
  function sorted(names) { return names.slice().sort(function (a, b) { return order(a) - order(b); }); }

  /* Tile names -> compact mpsz ("123m406p"); keeps the given order within each suit. (Writing only:
     reading typed tiles is the server's job, through the engine's parser.) */
  function toMpsz(names) {
    var out = "", suit = "", digits = "";
    names.forEach(function (n) {
      if (n[1] !== suit && digits) { out += digits + suit; digits = ""; }
      suit = n[1]; digits += n[0];
    });
    return digits ? out + digits + suit : out;
  }

  /* A message of the palette: the translated text of data-msg-<key>, with {name} filled in. */
  function fmt(root, key, vars) {
    var text = root.getAttribute("data-msg-" + key) || key;
    Object.keys(vars || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(vars[k])); });
    return text;
  }

  /* Why a finished meld is not one, or "" when it is fine. */
  function meldError(root, type, names, meldName) {
    var kinds = names.map(kind);
    if (type === "chi") {
      if (names.some(function (n) { return n[1] === "z"; })) return fmt(root, "chi-honor");
      var v = names.map(value).sort(function (a, b) { return a - b; });
      if (names[0][1] !== names[1][1] || names[1][1] !== names[2][1] || v[1] !== v[0] + 1 || v[2] !== v[1] + 1)
        return fmt(root, "chi-run");
      return "";
    }
    if (kinds.some(function (k) { return k !== kinds[0]; }))
      return fmt(root, "same", { meld: meldName, n: names.length });
    return "";
  }

  function TileEntry(root) {
    this.root = root;
    this.form = root.closest("form");
    this.inputs = {};
    var self = this;
    ["hand", "melds", "win_tile"].forEach(function (name) {
      var el = self.form && self.form.querySelector('[name="' + name + '"]');
      if (!el) {
        el = document.createElement("input");
        el.type = "hidden"; el.name = name;
        root.appendChild(el);
      }
      self.inputs[name] = el;
    });
    this.sprite = root.getAttribute("data-sprite"); // the tile sprite's (hashed) URL, from {% static %}
    this.parseUrl = root.getAttribute("data-parse-url");
    // names come from the page (translated): tiles from the palette, melds from the mode buttons
    this.alts = {};
    root.querySelectorAll("[data-te-tile]").forEach(function (b) {
      self.alts[b.getAttribute("data-te-tile")] = b.getAttribute("aria-label");
    });
    this.redFives = !!root.querySelector('[data-te-tile^="0"]');
    this.meldNames = {};
    root.querySelectorAll("[data-te-mode]").forEach(function (b) {
      self.meldNames[b.getAttribute("data-te-mode")] = b.textContent.trim();
    });
    this.mode = "hand";
    this.pending = [];
    this.history = [];
    this.unread = false; // typed into the inputs and not yet read by the server's parser
    this.queue = null; // taps waiting for that read
    this.hand = []; this.melds = []; this.win = null;
    this.requests = 0;
    this.bind();
    this.render();
    if (this.inputs.hand.value || this.inputs.melds.value || this.inputs.win_tile.value) {
      this.unread = true; // the stored hand (an edit): a tap waits for it, as for typed tiles
      this.readInputs();
    }
  }

  TileEntry.prototype.alt = function (name) {
    return this.alts[name] || this.alts[kind(name)] || name;
  };

  /* Read what is in the three inputs (typed, or stored) through the server's parser. Taps that
   * came while typed text was unread wait in `queue` and are applied once it is read (a tap writes
   * the palette's tiles into the inputs: applied before, it would wipe out what was typed). */
  TileEntry.prototype.readInputs = function () {
    var self = this, n = ++this.requests;
    if (!this.parseUrl || !window.fetch) { this.unread = false; this.flush(); return; }
    var q = new URLSearchParams({ hand: this.inputs.hand.value || "", melds: this.inputs.melds.value || "",
                                  win_tile: this.inputs.win_tile.value || "" });
    fetch(this.parseUrl + "?" + q.toString(), { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (got) {
        if (n !== self.requests) return; // a newer read is on its way (it applies the waiting taps)
        self.unread = false;
        if (!got.error) {
          self.hand = sorted(got.hand || []);
          self.melds = (got.melds || []).map(function (m) { return { type: m.type, tiles: m.tiles }; });
          self.win = got.win || null;
        }
        var red = self.all().some(function (t) { return t[0] === "0"; });
        self.message(got.error || (red && !self.redFives ? fmt(self.root, "no-red") : ""));
        self.render();
        self.flush();
      })
      .catch(function () { // offline: the form still posts what was typed
        if (n !== self.requests) return;
        self.unread = false;
        self.flush();
      });
  };

  /* The taps that waited for a read of typed text, in order. */
  TileEntry.prototype.flush = function () {
    var queue = this.queue || [];
    this.queue = null;
    for (var i = 0; i < queue.length; i++) this.act(queue[i]);
  };

  TileEntry.prototype.all = function () {
    var tiles = this.hand.concat(this.pending);
    this.melds.forEach(function (m) { tiles = tiles.concat(m.tiles); });
    if (this.win) tiles.push(this.win);
    return tiles;
  };

  TileEntry.prototype.handLimit = function () { return 13 - 3 * this.melds.length; };

  /* Refuse a tile that would be a 5th copy or a 2nd red five; returns a message or "". */
  TileEntry.prototype.copyError = function (name, extra) {
    var tiles = this.all().concat(extra || []);
    var same = tiles.filter(function (t) { return kind(t) === kind(name); }).length;
    if (same >= 4) return fmt(this.root, "copy-full", { tile: this.alt(kind(name)) });
    if (name[0] === "0" && tiles.indexOf(name) >= 0) return fmt(this.root, "red-once", { tile: this.alt(name) });
    return "";
  };

  TileEntry.prototype.snapshot = function () {
    this.history.push(JSON.stringify({ hand: this.hand, melds: this.melds, win: this.win, pending: this.pending }));
    if (this.history.length > 100) this.history.shift();
  };

  TileEntry.prototype.tap = function (name) {
    var msg = "";
    if (this.mode === "hand") {
      if (this.hand.length >= this.handLimit()) {
        msg = fmt(this.root, "hand-full", { n: this.handLimit() });
      } else if (!(msg = this.copyError(name))) {
        this.snapshot(); this.hand = sorted(this.hand.concat([name]));
      }
    } else if (this.mode === "win") {
      var without = this.win;
      this.win = null;
      msg = this.copyError(name);
      this.win = without;
      if (!msg) { this.snapshot(); this.win = name; }
    } else {
      msg = this.tapMeld(name);
    }
    this.changed(msg);
  };

  TileEntry.prototype.tapMeld = function (name) {
    var type = this.mode;
    if (!this.pending.length) {
      if (type === "kakan") {
        // 加槓 grows an earlier pon in place (it keeps the pon's call position).
        for (var i = 0; i < this.melds.length; i++) {
          var m = this.melds[i];
          if (m.type === "pon" && kind(m.tiles[0]) === kind(name)) {
            var err = this.copyError(name);
            if (err) return err;
            this.snapshot();
            this.melds[i] = { type: "kakan", tiles: m.tiles.concat([name]) };
            this.mode = "hand";
            return "";
          }
        }
      }
      if (this.melds.length >= 4) return fmt(this.root, "melds-full");
      if (this.hand.length > this.handLimit() - 3)
        return fmt(this.root, "no-room", { meld: this.meldNames[type] });
    }
    var copy = this.copyError(name);
    if (copy) return copy;
    this.snapshot();
    this.pending.push(name);
    if (this.pending.length < MELD_SIZE[type]) return "";
    var bad = meldError(this.root, type, this.pending, this.meldNames[type]);
    var tiles = this.pending, self = this;
    this.pending = [];
    if (bad) { this.history.pop(); return bad + "(" + tiles.map(function (t) { return self.alt(t); }).join(" ") + ")"; }
    this.melds.push({ type: type, tiles: sorted(tiles) });
    this.mode = "hand";
    return "";
  };

  TileEntry.prototype.setMode = function (mode) {
    if (this.pending.length) this.pending = []; // an unfinished meld is dropped on a mode switch
    this.mode = mode;
    this.changed("", true);
  };

  TileEntry.prototype.writeInputs = function () {
    this.inputs.hand.value = toMpsz(this.hand);
    this.inputs.melds.value = this.melds.length ? JSON.stringify(this.melds.map(function (m) {
      return { type: m.type, tiles: toMpsz(m.tiles) };
    })) : "";
    this.inputs.win_tile.value = this.win || "";
  };

  /* Empty, as drawn: the form was cleared for the next hand (static/js/hand-entry.js). */
  TileEntry.prototype.reset = function () {
    this.hand = []; this.melds = []; this.win = null; this.pending = []; this.history = [];
    this.unread = false; this.queue = null;
    this.mode = "hand";
    this.root.classList.remove("te-folded");
    this.changed("", true);
  };

  /* After a change: write the inputs, redraw, tell the form (unless only the mode moved). A read of
   * the inputs still on its way is older than this change: its answer is dropped. */
  TileEntry.prototype.changed = function (msg, quiet) {
    this.requests++;
    this.message(msg);
    this.writeInputs();
    this.render();
    if (!quiet && !msg) this.notify();
  };

  TileEntry.prototype.notify = function () {
    if (!this.form) return;
    if (window.htmx) window.htmx.trigger(this.form, "tiles-changed");
    else this.form.dispatchEvent(new Event("change", { bubbles: true }));
  };

  TileEntry.prototype.message = function (msg) {
    var el = this.root.querySelector("[data-te-message]");
    el.textContent = msg || "";
    el.hidden = !msg;
  };

  /* A tile as the pages draw it (scoring/templatetags/tiles.py): a symbol of the sprite, named. */
  var SVG = "http://www.w3.org/2000/svg";
  TileEntry.prototype.picture = function (name) {
    var svg = document.createElementNS(SVG, "svg"), use = document.createElementNS(SVG, "use");
    svg.setAttribute("class", "tile");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", this.alt(name));
    svg.setAttribute("viewBox", "0 0 60 80");
    use.setAttribute("href", this.sprite + "#t-" + name);
    svg.appendChild(use);
    return svg;
  };

  TileEntry.prototype.shown = function (name, label, action, index) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "te-shown";
    b.setAttribute("aria-label", label);
    b.setAttribute("data-te-remove", action);
    if (index !== undefined) b.setAttribute("data-te-index", index);
    b.appendChild(this.picture(name));
    return b;
  };

  TileEntry.prototype.render = function () {
    var self = this, q = function (s) { return self.root.querySelector(s); };
    var hand = q("[data-te-hand]"), melds = q("[data-te-melds]"), win = q("[data-te-win]");
    hand.textContent = ""; melds.textContent = ""; win.textContent = "";
    var remove = function (label) { return fmt(self.root, "remove", { tile: label }); };
    var alt = function (n) { return self.alt(n); };
    this.hand.forEach(function (n, i) { hand.appendChild(self.shown(n, remove(alt(n)), "hand", i)); });
    this.melds.forEach(function (m, i) {
      var g = document.createElement("span");
      g.className = "te-meld";
      var name = self.meldNames[m.type] || m.type;
      var lab = document.createElement("small"); lab.textContent = name; g.appendChild(lab);
      m.tiles.forEach(function (n) { g.appendChild(self.shown(n, remove(name + " " + m.tiles.map(alt).join(" ")), "meld", i)); });
      melds.appendChild(g);
    });
    if (this.pending.length) {
      var p = document.createElement("span");
      p.className = "te-meld te-pending";
      var pl = document.createElement("small"); pl.textContent = (self.meldNames[this.mode] || "") + "…"; p.appendChild(pl);
      this.pending.forEach(function (n) { p.appendChild(self.shown(n, remove(alt(n)), "pending")); });
      melds.appendChild(p);
    }
    if (this.win) win.appendChild(this.shown(this.win, remove((self.meldNames.win || "") + " " + alt(this.win)), "win"));
    q("[data-te-count]").textContent = fmt(this.root, "count", { n: this.hand.length, max: this.handLimit() });
    this.root.querySelectorAll("[data-te-mode]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-te-mode") === self.mode ? "true" : "false");
    });
    var used = {};
    this.all().forEach(function (t) {
      used[kind(t)] = (used[kind(t)] || 0) + 1;
      if (t[0] === "0") used.red = (used.red || "") + t;
    });
    this.root.querySelectorAll("[data-te-tile]").forEach(function (b) {
      var t = b.getAttribute("data-te-tile");
      b.classList.toggle("te-used-up", (used[kind(t)] || 0) >= 4 || (t[0] === "0" && (used.red || "").indexOf(t) >= 0));
    });
  };

  TileEntry.prototype.remove = function (action, index) {
    this.snapshot();
    if (action === "hand") this.hand.splice(index, 1);
    else if (action === "meld") this.melds.splice(index, 1);
    else if (action === "pending") this.pending = [];
    else if (action === "win") this.win = null;
    this.changed("");
  };

  TileEntry.prototype.bind = function () {
    var self = this, timer = null;
    this.root.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b || !self.root.contains(b)) return;
      if (self.queue) { self.queue.push(b); return; } // typed text is being read: after it
      if (self.unread) { // typed a moment ago (its read not even started): read it now, then tap
        clearTimeout(timer);
        self.queue = [b];
        self.readInputs();
        return;
      }
      self.act(b);
    });
    // Typing: the text boxes are the same inputs; the server reads them (the typed text is left as typed).
    ["hand", "melds", "win_tile"].forEach(function (name) {
      self.inputs[name].addEventListener("input", function () {
        self.unread = true;
        clearTimeout(timer);
        timer = setTimeout(function () { self.readInputs(); }, 250);
      });
    });
  };

  /* One tap on the palette: a tile, a mode, a tile to remove, undo, done, edit, clear. */
  TileEntry.prototype.act = function (b) {
    var self = this;
    if (b.hasAttribute("data-te-tile")) self.tap(b.getAttribute("data-te-tile"));
    else if (b.hasAttribute("data-te-mode")) self.setMode(b.getAttribute("data-te-mode"));
    else if (b.hasAttribute("data-te-remove"))
      self.remove(b.getAttribute("data-te-remove"), Number(b.getAttribute("data-te-index") || 0));
    else if (b.hasAttribute("data-te-undo")) {
      if (self.history.length) {
        var s = JSON.parse(self.history.pop());
        self.hand = s.hand; self.melds = s.melds; self.win = s.win; self.pending = s.pending;
        self.changed("");
      }
    } else if (b.hasAttribute("data-te-done")) {
      // back to the form: the palette folds to the tiles entered, the record button comes into view
      self.root.classList.add("te-folded");
      var submit = self.form && self.form.querySelector("button[type=submit].primary");
      if (submit) submit.scrollIntoView({ block: "end", behavior: "smooth" });
    } else if (b.hasAttribute("data-te-edit")) {
      self.root.classList.remove("te-folded");
    } else if (b.hasAttribute("data-te-clear")) {
      self.snapshot(); self.hand = []; self.melds = []; self.win = null; self.pending = [];
      self.changed("");
    }
  };

  function init(scope) {
    var roots = [];
    if (scope.matches && scope.matches("[data-tile-entry]")) roots.push(scope);
    if (scope.querySelectorAll) roots = roots.concat(Array.prototype.slice.call(scope.querySelectorAll("[data-tile-entry]")));
    roots.forEach(function (root) {
      if (!root.tileEntry) root.tileEntry = new TileEntry(root);
    });
  }

  window.TileEntry = { init: init, toMpsz: toMpsz, meldError: meldError };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { init(document); });
  else init(document);
  document.addEventListener("htmx:load", function (e) { init(e.target); });
})();
