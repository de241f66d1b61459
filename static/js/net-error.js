// A tap sent with htmx that never got an answer (no signal, a timeout) or got a server error says
// so, at the bottom of the screen, until the next answer comes or it is tapped away: 来た at the
// door, 削除, 取り消す, 途中終了, 確認 and the like used to fail without a word, the page left as it
// was, so a member checked in on a dead connection was missing from the next draw. The hand form
// has its own (static/js/hand-entry.js: 再送信, 未送信). The texts come from the page (<body
// data-msg-net-failed data-msg-server-failed>), translated there.
(function () {
  "use strict";
  var toast = null;

  function hide() {
    if (toast) toast.hidden = true;
  }

  function show(text) {
    if (!text) return;
    if (!toast) {
      toast = document.createElement("p");
      toast.className = "net-error";
      toast.setAttribute("role", "alert");
      toast.addEventListener("click", hide);
      document.body.appendChild(toast);
    }
    toast.textContent = text;
    toast.hidden = false;
  }

  function ours(e) {
    var elt = e.detail && e.detail.elt;
    return !!elt && !(elt.closest && elt.closest("#hand-form"));
  }

  ["htmx:sendError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (e) {
      if (ours(e)) show(document.body.dataset.msgNetFailed);
    });
  });
  document.addEventListener("htmx:responseError", function (e) {
    if (ours(e)) show(document.body.dataset.msgServerFailed);
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (ours(e) && e.detail.successful) hide();
  });
})();
