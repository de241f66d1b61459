/* 「印刷」: a button with data-print prints the page (the stylesheet's @media print lays it out).
 * A separate file, not an onclick attribute: the Content-Security-Policy allows no inline script.
 * The button is hidden until this script runs (without it the button would do nothing). */
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach(function (b) { b.hidden = false; });
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-print]")) window.print();
  });
})();
