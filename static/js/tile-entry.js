/* Tap palette for entering a mahjong hand (plain JS, no framework).
 *
 * Markup: templates/scoring/partials/tile_entry.html inside a <form> that has the inputs
 * `hand` (mpsz, concealed tiles without the winning tile), `melds` (JSON, call order) and
 * `win_tile` (mpsz). Tapping and typing both edit the same inputs. After every change the form
 * gets `tiles-changed` (htmx present) or a bubbling `change` event, so a live preview can refresh.
 * Initialised on DOMContentLoaded and on every `htmx:load` (forms swapped in by htmx).
 */
(function () {
  "use strict";
  if (window.TileEntry) return; // the partial may be swapped in more than once

  var SUIT_JA = { m: "萬", p: "筒", s: "索" };
  var HONORS = "東南西北白發中";
  var KANJI = "一二三四五六七八九";
  var CIRCLED = "①②③④⑤⑥⑦⑧⑨";
  var FULLWIDTH = "０１２３４５６７８９";
  var MELD_SIZE = { chi: 3, pon: 3, minkan: 4, kakan: 4, ankan: 4 };
  var MELD_JA = { chi: "チー", pon: "ポン", minkan: "明槓", kakan: "加槓", ankan: "暗槓" };

  function kind(name) { return (name[0] === "0" ? "5" : name[0]) + name[1]; }
  function value(name) { return name[0] === "0" ? 5 : Number(name[0]); }
  function alt(name) {
    if (name[1] === "z") return HONORS[Number(name[0]) - 1];
    return (name[0] === "0" ? "赤5" : name[0]) + SUIT_JA[name[1]];
  }
  function order(name) { return "mpsz".indexOf(name[1]) * 20 + value(name) * 2 + (name[0] === "0" ? 0 : 1); }
  function sorted(names) { return names.slice().sort(function (a, b) { return order(a) - order(b); }); }

  /* Tile names -> compact mpsz ("123m406p"); keeps the given order within each suit. */
  function toMpsz(names) {
    var out = "", suit = "", digits = "";
    names.forEach(function (n) {
      if (n[1] !== suit && digits) { out += digits + suit; digits = ""; }
      suit = n[1]; digits += n[0];
    });
    return digits ? out + digits + suit : out;
  }

  /* Text in mpsz and/or Japanese notation -> tile names; throws Error(Japanese message). */
  function parse(text) {
    var tiles = [], pending = [], i, ch, d, pos = 0;
    function flushSouzu() {
      pending.forEach(function (p) {
        if (p.d === 0) throw new Error(p.pos + "文字目の「" + p.ch + "」: 赤五は 0m 0p 0s のように書いてください");
        tiles.push(p.d + "s");
      });
      pending = [];
    }
    for (i = 0; i < text.length; i++) {
      ch = text[i];
      if (/\s/.test(ch)) continue;
      pos = i + 1;
      d = "0123456789".indexOf(ch);
      if (d < 0) d = FULLWIDTH.indexOf(ch);
      if (d >= 0) { pending.push({ d: d, ch: ch, pos: pos }); continue; }
      var low = "MPSZ".indexOf(ch) >= 0 ? ch.toLowerCase() : ch;
      if ("mpsz".indexOf(low) >= 0) {
        if (!pending.length) throw new Error(pos + "文字目の「" + ch + "」: 数字のない種類記号です");
        pending.forEach(function (p) {
          if (low === "z" && (p.d < 1 || p.d > 7)) throw new Error("「" + p.ch + ch + "」: 字牌は 1z〜7z です");
          tiles.push(p.d + low);
        });
        pending = [];
        continue;
      }
      if (ch === "発") ch = "發";
      if (KANJI.indexOf(ch) >= 0) { flushSouzu(); tiles.push(KANJI.indexOf(ch) + 1 + "m"); continue; }
      if (CIRCLED.indexOf(ch) >= 0) { flushSouzu(); tiles.push(CIRCLED.indexOf(ch) + 1 + "p"); continue; }
      if (HONORS.indexOf(ch) >= 0) { flushSouzu(); tiles.push(HONORS.indexOf(ch) + 1 + "z"); continue; }
      throw new Error(pos + "文字目の「" + ch + "」は牌として読めません");
    }
    flushSouzu();
    return tiles;
  }

  /* Why a finished meld is not one, or "" when it is fine. */
  function meldError(type, names) {
    var kinds = names.map(kind);
    if (type === "chi") {
      if (names.some(function (n) { return n[1] === "z"; })) return "チーに字牌は使えません";
      var v = names.map(value).sort(function (a, b) { return a - b; });
      if (names[0][1] !== names[1][1] || names[1][1] !== names[2][1] || v[1] !== v[0] + 1 || v[2] !== v[1] + 1)
        return "チーは同じ種類の連続した3枚です(例: 3m4m5m)";
      return "";
    }
    if (kinds.some(function (k) { return k !== kinds[0]; }))
      return MELD_JA[type] + "は同じ牌" + names.length + "枚です";
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
    this.staticUrl = root.getAttribute("data-static") || "/static/tiles/";
    this.mode = "hand";
    this.pending = [];
    this.history = [];
    this.readInputs();
    this.bind();
    this.render();
  }

  TileEntry.prototype.readInputs = function () {
    this.hand = []; this.melds = []; this.win = null;
    try { this.hand = sorted(parse(this.inputs.hand.value || "")); } catch (e) { this.hand = []; }
    try {
      var m = JSON.parse(this.inputs.melds.value || "[]");
      this.melds = (Array.isArray(m) ? m : []).map(function (x) { return { type: x.type, tiles: parse(String(x.tiles)) }; });
    } catch (e) { this.melds = []; }
    try { var w = parse(this.inputs.win_tile.value || ""); this.win = w.length === 1 ? w[0] : null; } catch (e) { this.win = null; }
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
    if (same >= 4) return alt(kind(name)) + "はもう4枚あります(同じ牌は4枚まで)";
    if (name[0] === "0" && tiles.indexOf(name) >= 0) return "赤五(" + alt(name) + ")は1枚しかありません";
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
        msg = "手牌は" + this.handLimit() + "枚までです(和了牌は別に入れます)";
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
      if (this.melds.length >= 4) return "副露は4組までです";
      if (this.hand.length > this.handLimit() - 3)
        return "手牌が多すぎて" + MELD_JA[type] + "を入れられません(手牌を減らしてください)";
    }
    var copy = this.copyError(name);
    if (copy) return copy;
    this.snapshot();
    this.pending.push(name);
    if (this.pending.length < MELD_SIZE[type]) return "";
    var bad = meldError(type, this.pending);
    var tiles = this.pending;
    this.pending = [];
    if (bad) { this.history.pop(); return bad + "(" + tiles.map(alt).join(" ") + ")"; }
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

  /* After a change: write the inputs, redraw, tell the form (unless only the mode moved). */
  TileEntry.prototype.changed = function (msg, quiet) {
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

  TileEntry.prototype.img = function (name, label, action, index) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "te-shown";
    b.setAttribute("aria-label", label);
    b.setAttribute("data-te-remove", action);
    if (index !== undefined) b.setAttribute("data-te-index", index);
    var im = document.createElement("img");
    im.className = "tile"; im.alt = alt(name); im.src = this.staticUrl + name + ".svg";
    b.appendChild(im);
    return b;
  };

  TileEntry.prototype.render = function () {
    var self = this, q = function (s) { return self.root.querySelector(s); };
    var hand = q("[data-te-hand]"), melds = q("[data-te-melds]"), win = q("[data-te-win]");
    hand.textContent = ""; melds.textContent = ""; win.textContent = "";
    this.hand.forEach(function (n, i) { hand.appendChild(self.img(n, alt(n) + "を外す", "hand", i)); });
    this.melds.forEach(function (m, i) {
      var g = document.createElement("span");
      g.className = "te-meld";
      var lab = document.createElement("small"); lab.textContent = MELD_JA[m.type]; g.appendChild(lab);
      m.tiles.forEach(function (n) { g.appendChild(self.img(n, MELD_JA[m.type] + " " + m.tiles.map(alt).join("") + "を外す", "meld", i)); });
      melds.appendChild(g);
    });
    if (this.pending.length) {
      var p = document.createElement("span");
      p.className = "te-meld te-pending";
      var pl = document.createElement("small"); pl.textContent = MELD_JA[this.mode] + "…"; p.appendChild(pl);
      this.pending.forEach(function (n) { p.appendChild(self.img(n, alt(n) + "を外す", "pending")); });
      melds.appendChild(p);
    }
    if (this.win) win.appendChild(this.img(this.win, "和了牌 " + alt(this.win) + "を外す", "win"));
    q("[data-te-count]").textContent = this.hand.length + "/" + this.handLimit() + "枚";
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
    var self = this;
    this.root.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b || !self.root.contains(b)) return;
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
      } else if (b.hasAttribute("data-te-clear")) {
        self.snapshot(); self.hand = []; self.melds = []; self.win = null; self.pending = [];
        self.changed("");
      }
    });
    // Typing: the text boxes are the same inputs; re-read them (the typed text is left as typed).
    ["hand", "melds", "win_tile"].forEach(function (name) {
      self.inputs[name].addEventListener("input", function () {
        var el = self.inputs[name];
        try {
          if (name === "hand") {
            var h = sorted(parse(el.value));
            self.hand = h;
          } else if (name === "win_tile") {
            var w = parse(el.value);
            self.win = w.length === 1 ? w[0] : null;
          } else {
            var m = el.value.trim() ? JSON.parse(el.value) : [];
            self.melds = m.map(function (x) { return { type: x.type, tiles: parse(String(x.tiles)) }; });
          }
          self.message("");
        } catch (err) {
          self.message(err.message || String(err));
        }
        self.render();
      });
    });
  };

  function init(scope) {
    var roots = [];
    if (scope.matches && scope.matches("[data-tile-entry]")) roots.push(scope);
    if (scope.querySelectorAll) roots = roots.concat(Array.prototype.slice.call(scope.querySelectorAll("[data-tile-entry]")));
    roots.forEach(function (root) {
      if (!root.tileEntry) root.tileEntry = new TileEntry(root);
    });
  }

  window.TileEntry = { init: init, parse: parse, toMpsz: toMpsz, meldError: meldError };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { init(document); });
  else init(document);
  document.addEventListener("htmx:load", function (e) { init(e.target); });
})();
