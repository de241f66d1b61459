/* The hand checker (/check/): plain JS, no framework.
 *
 * A button with data-copy="<selector>" copies that input's value and says data-copied for a moment.
 * (The tap palette reads typed tiles through the URL the page gives it: the public check-tiles.)
 */
(function () {
  "use strict";

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

  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-copy]");
    if (b) copy(b);
  });

  /* 「判定する」 (htmx sends the form in place): bring the verdict into view once it is swapped in.
   * Changes while typing or tapping tiles update it without moving the page. (Without script the
   * form's action ends in #check-results, so the loaded page opens at the verdict.) */
  var judged = false;
  document.addEventListener("submit", function (e) {
    if (e.target.id === "check-form") judged = true;
  }, true);
  document.addEventListener("htmx:afterSettle", function () {
    if (!judged) return;
    judged = false;
    var results = document.getElementById("check-results");
    if (results) results.scrollIntoView({ block: "start" });
  });
})();
