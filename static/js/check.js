/* The hand checker (/check/): plain JS, no framework.
 *
 * - The tap palette (templates/scoring/partials/tile_entry.html, static/js/tile-entry.js) reads typed
 *   tiles through the hand form's endpoint; on the checker it reads them through the public one,
 *   given by the form's data-parse-url. This file is loaded (deferred) before tile-entry.js, so the
 *   palette starts with the right address.
 * - A button with data-copy="<selector>" copies that input's value and says data-copied for a moment.
 */
(function () {
  "use strict";

  function pointPalettes(scope) {
    (scope.querySelectorAll ? scope.querySelectorAll("form[data-parse-url]") : []).forEach(function (form) {
      form.querySelectorAll("[data-tile-entry]").forEach(function (root) {
        root.setAttribute("data-parse-url", form.getAttribute("data-parse-url"));
      });
    });
  }

  function copy(button) {
    var input = document.querySelector(button.getAttribute("data-copy"));
    if (!input) return;
    var done = function () {
      var label = button.textContent;
      button.textContent = button.getAttribute("data-copied") || label;
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    input.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () { document.execCommand("copy"); done(); });
    } else {
      document.execCommand("copy");
      done();
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { pointPalettes(document); });
  } else {
    pointPalettes(document);
  }
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-copy]");
    if (b) copy(b);
  });
})();
