// A GET form marked data-submit-on-change sends itself when one of its checkboxes changes (the industry stories
// page's Featured Only switch). Without script the form's Search button sends the same fields.

import { SubmitOnChangeAttr } from "./contract";

document.addEventListener("change", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== "checkbox") return;
  const form = input.form;
  if (form?.hasAttribute(SubmitOnChangeAttr.Form)) form.requestSubmit();
});
