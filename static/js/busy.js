// A form that takes a while to answer (a CSV import: seconds for a year of results) says so on its
// button once sent, and cannot be sent twice: <form data-busy="取り込み中…">.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches("form[data-busy]")) return;
  if (form.dataset.sent) {
    event.preventDefault();
    return;
  }
  form.dataset.sent = "true";
  const button = form.querySelector("button[type=submit]");
  // after this event: a button disabled now would leave its name out of what is sent
  setTimeout(() => {
    button.disabled = true;
    button.textContent = form.dataset.busy;
  });
});
