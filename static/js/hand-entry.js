/* The hand form of the hanchan page (plain JS, no framework).
 *
 * Each new hand gets a key made here, in its hidden `submission` input: the server records a tap
 * once however often it arrives (services.hanchan_record_hand), so a tap whose answer the network
 * lost can simply be sent again. The key stays while the form is on screen (a refused or unsent
 * form keeps it); the fresh form the server sends after a recorded hand gets a new one.
 * Initialised on DOMContentLoaded and on every `htmx:load` (forms swapped in by htmx).
 */
(function () {
  "use strict";
  if (window.HandEntry) return;

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

  window.HandEntry = { newKey: newKey, init: init };
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (e) { init(e.detail.elt.parentNode || document); });
})();
