// Forms that post like any form and are answered with a page (the share-story form, Contact, Join Our Network,
// sign-in and sign-up, forgot password): what React used to add while a person types and sends, for
// `form[data-busy-form]` (the attributes: ./contract.ts):
// - a field's message (and its aria link) goes when that field is edited; the others stay until the next answer;
// - the live 'n/max characters' counter of a `textarea[data-counted]` and its `[data-counter]`;
// - while the post is on its way the form's fieldset is disabled, `[data-submit-label]` reads its
//   `data-busy-label` ('Sending...', 'Submitting...'), `[data-busy-icon]` shows, and a dialog around it stays open.
// The answer page puts the focus where the news is (the first field with a message, or the confirmation) with
// `autofocus`, so that needs no script. Events are listened for on the document, so a page that hydrates keeps
// them.

import { BusyFormAttr, DialogAttr } from "./contract";

const FORM = `form[${BusyFormAttr.Form}]`;
const TEXTAREA = `textarea[${BusyFormAttr.Counted}]`;

function updateCounter(form: HTMLFormElement) {
  const textarea = form.querySelector<HTMLTextAreaElement>(TEXTAREA);
  const counter = form.querySelector<HTMLElement>(`[${BusyFormAttr.Counter}]`);
  if (!textarea || !counter) return;
  const max = Number(counter.getAttribute(BusyFormAttr.CounterMax));
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
  const label = form.querySelector<HTMLElement>(`[${BusyFormAttr.SubmitLabel}]`);
  const busyLabel = label?.getAttribute(BusyFormAttr.BusyLabel);
  if (label && busyLabel) {
    // The label's own text, kept on it (this island's note to itself) to put back when the form is usable again.
    label.dataset.idleLabel ??= label.textContent ?? "";
    label.textContent = busy ? busyLabel : label.dataset.idleLabel;
  }
  const icon = form.querySelector<HTMLElement>(`[${BusyFormAttr.BusyIcon}]`);
  if (icon) icon.toggleAttribute("hidden", !busy);
  const dialog = form.closest("dialog");
  if (dialog) {
    dialog.toggleAttribute(DialogAttr.Busy, busy);
    dialog.querySelector<HTMLButtonElement>("[data-slot=dialog-close]")?.toggleAttribute("disabled", busy);
  }
}

document.addEventListener("input", (event) => {
  const control = event.target;
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return;
  const form = control.closest<HTMLFormElement>(FORM);
  if (!form) return;
  clearMessage(control);
  if (control.matches(TEXTAREA)) updateCounter(form);
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
