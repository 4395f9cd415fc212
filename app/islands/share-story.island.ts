// The share form (app/components/stories/share-story-form.tsx) posts like any form. This adds what the dialog
// promises while a person types and sends: the live 'n/2000 characters' counter, a field's message cleared when
// that field is edited, and 'Submitting...' with the form disabled (and its dialog kept open) while the post is on
// its way. Events are listened for on the document, so a page that hydrates keeps them.

const FORM = "form[data-share-story]";

function updateCounter(form: HTMLFormElement) {
  const textarea = form.querySelector<HTMLTextAreaElement>("textarea[data-counted]");
  const counter = form.querySelector<HTMLElement>("[data-counter]");
  if (!textarea || !counter) return;
  const max = Number(counter.dataset.max);
  const text = `${textarea.value.length}/${max} characters`;
  if (counter.textContent !== text) counter.textContent = text;
  counter.classList.toggle("text-destructive", textarea.value.length > max);
}

/** Removes the message under an edited field, and the field's link to it. */
function clearMessage(control: HTMLInputElement | HTMLTextAreaElement) {
  if (control.getAttribute("aria-invalid") !== "true") return;
  control.removeAttribute("aria-invalid");
  const errorId = `${control.id}-error`;
  document.getElementById(errorId)?.remove();
  const describedBy = (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter((id) => id && id !== errorId)
    .join(" ");
  if (describedBy) control.setAttribute("aria-describedby", describedBy);
  else control.removeAttribute("aria-describedby");
}

function setBusy(form: HTMLFormElement, busy: boolean) {
  const fieldset = form.querySelector("fieldset");
  if (fieldset) fieldset.disabled = busy;
  const label = form.querySelector<HTMLElement>("[data-submit-label]");
  if (label) label.textContent = busy ? "Submitting..." : "Submit Story";
  const icon = form.querySelector<HTMLElement>("[data-busy-icon]");
  if (icon) icon.toggleAttribute("hidden", !busy);
  const dialog = form.closest("dialog");
  if (dialog) {
    if (busy) dialog.dataset.busy = "";
    else delete dialog.dataset.busy;
    dialog.querySelector<HTMLButtonElement>("[data-slot=dialog-close]")?.toggleAttribute("disabled", busy);
  }
}

document.addEventListener("input", (event) => {
  const control = event.target;
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return;
  const form = control.closest<HTMLFormElement>(FORM);
  if (!form) return;
  clearMessage(control);
  if (control.matches("textarea[data-counted]")) updateCounter(form);
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches(FORM) || event.defaultPrevented) return;
  // After the browser has read the fields: a disabled field is not sent.
  setTimeout(() => setBusy(form, true));
});

// Back to this page from the history (bfcache): the form is usable again; the browser may have restored values.
window.addEventListener("pageshow", () => {
  for (const form of document.querySelectorAll<HTMLFormElement>(FORM)) {
    setBusy(form, false);
    updateCounter(form);
  }
});

export {};
