// 出欠: the filter box hides the rows whose name, reading and number do not contain what is typed
// (katakana typed matches the hiragana reading). What was typed before this script ran counts too.
// A row tapped is drawn anew with other buttons where the tapped one was (来た → 帰る・取消): the
// second tap of a double tap would land on one of them, so a row ignores taps for a moment after it
// is drawn.
(function () {
  "use strict";
  function hira(text) {
    return text.replace(/[\u30a1-\u30f6]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0x60); });
  }
  function apply(box) {
    var list = document.querySelector(box.getAttribute("data-filter"));
    if (!list) return;
    var want = hira(box.value.trim().toLowerCase());
    list.querySelectorAll("[data-search]").forEach(function (row) {
      var text = hira(row.getAttribute("data-search").toLowerCase());
      row.hidden = want !== "" && text.indexOf(want) < 0;
    });
  }
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input[data-filter]")) apply(event.target);
  });
  document.querySelectorAll("input[data-filter]").forEach(function (box) { if (box.value) apply(box); });
  var SETTLE_MS = 600;
  document.addEventListener("htmx:load", function (event) {
    if (event.target.matches && event.target.matches(".attendance-row")) event.target.dataset.drawnAt = Date.now();
  });
  document.addEventListener("click", function (event) {
    var row = event.target.closest && event.target.closest(".attendance-row[data-drawn-at]");
    if (row && event.target.closest("button") && Date.now() - row.dataset.drawnAt < SETTLE_MS) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);
})();
