// 出欠: the filter box hides the rows whose name, reading and number do not contain what is typed
// (katakana typed matches the hiragana reading). What was typed before this script ran counts too.
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
})();
