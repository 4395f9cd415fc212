// Escape closes the header's phone menu (a native <details>, app/components/layout/site-header.tsx) and gives focus
// back to its button, as a dialog would. On every page, with or without React.

import { PhoneMenuAttr } from "./contract";

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const menu = document.querySelector<HTMLDetailsElement>(`details[${PhoneMenuAttr.Menu}][open]`);
  if (!menu) return;
  menu.open = false;
  menu.querySelector("summary")?.focus();
});
