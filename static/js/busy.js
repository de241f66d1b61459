// A form that takes a while to answer (a CSV import: seconds for a year of results) says so on its
// button once sent, with the time it has been working (m:ss), and cannot be sent twice:
// <form data-busy="取り込み中…">.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches("form[data-busy]")) return;
  if (form.dataset.sent) {
    event.preventDefault();
    return;
  }
  form.dataset.sent = "true";
  const button = form.querySelector("button[type=submit]");
  const started = Date.now();
  const show = () => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    button.textContent = seconds < 2 ? form.dataset.busy : `${form.dataset.busy} ${clock}`;
  };
  // after this event: a button disabled now would leave its name out of what is sent
  setTimeout(() => {
    button.disabled = true;
    show();
    setInterval(show, 1000);
  });
});
