// A form marked `data-check-fields` (the share-story form) is checked in the browser before it is sent, so a
// refusal is shown where the person is (in the dialog) instead of on the page the server answers with. The rules
// are the controls' own constraint attributes (`required`, `minlength`, `type="email"`, `pattern`), read through
// the browser's constraint validation (`validity`), plus the two it cannot say: a value of spaces only is missing
// (the server trims) and `data-max-length`. Each broken rule's message is written on the control by the server
// (the attributes: ./contract.ts), in the spec's words; the message goes under the field with the markup the
// server gives a refused post (`FieldError`), and busy-form removes it when that field is edited. Without script
// the form posts as it is (`novalidate`) and the server answers with the same messages: the round trip.
// Registered in the capture phase, so a refused submit is stopped before busy-form marks the form busy.

import { FieldCheckAttr } from "./contract";

type Control = HTMLInputElement | HTMLTextAreaElement;

/** The message for the first rule `control` breaks, or "" (and the browser is told the same). */
function check(control: Control): string {
  const value = control.value.trim();
  const { validity } = control;
  const max = Number(control.getAttribute(FieldCheckAttr.MaxLength) || Infinity);
  const message = (attribute: FieldCheckAttr) =>
    control.getAttribute(attribute) ?? control.getAttribute(FieldCheckAttr.Missing) ?? "";
  let broken = "";
  if (control.required && value === "") broken = message(FieldCheckAttr.Missing);
  else if (value.length > max) broken = message(FieldCheckAttr.TooLong);
  else if (validity.typeMismatch || validity.patternMismatch) broken = message(FieldCheckAttr.Format);
  // `tooShort` is only set for what the person typed; a value the page came back with is measured here too.
  else if (control.minLength > 0 && value.length < control.minLength)
    broken = message(FieldCheckAttr.TooShort);
  control.setCustomValidity(broken);
  return broken;
}

/** Shows `message` under the control's field, as the server's answer would (app/components/ui/field.tsx). */
function showMessage(control: Control, message: string) {
  const errorId = `${control.id}-error`;
  let error = document.getElementById(errorId);
  if (!error) {
    error = document.createElement("p");
    error.id = errorId;
    error.setAttribute("role", "alert");
    error.dataset.slot = "field-error";
    error.className = "text-sm font-medium text-destructive";
    (control.closest("[data-slot=field]") ?? control.parentElement)?.append(error);
  }
  error.textContent = message;
  control.setAttribute("aria-invalid", "true");
  const describedBy = new Set((control.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
  describedBy.add(errorId);
  control.setAttribute("aria-describedby", [...describedBy].join(" "));
}

document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute(FieldCheckAttr.Form)) return;
    const controls = [
      ...form.querySelectorAll<Control>(
        `input[${FieldCheckAttr.Missing}], textarea[${FieldCheckAttr.Missing}]`,
      ),
    ];
    let first: Control | null = null;
    for (const control of controls) {
      const message = check(control);
      if (!message) continue;
      showMessage(control, message);
      first ??= control;
    }
    if (!first) return;
    event.preventDefault();
    first.focus();
  },
  true,
);

// An edited field is checked again only at the next submit; its message is gone (busy-form) and so is its verdict.
document.addEventListener("input", (event) => {
  const control = event.target;
  if (
    (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) &&
    control.validationMessage
  )
    control.setCustomValidity("");
});
