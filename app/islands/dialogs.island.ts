// Native <dialog>s (app/components/ui/native-dialog.tsx) open and close with Invoker Commands
// (<button commandfor=… command="show-modal">) and close on Escape and on a click on the backdrop (closedby="any"),
// without script. This module does the same for browsers that lack either, and keeps a busy dialog open.

import { DialogAttr } from "./contract";

const supportsCommands = "command" in HTMLButtonElement.prototype;
const supportsClosedBy = "closedBy" in HTMLDialogElement.prototype;

function commandTarget(button: HTMLButtonElement): HTMLDialogElement | null {
  const target = document.getElementById(button.getAttribute("commandfor") ?? "");
  return target instanceof HTMLDialogElement ? target : null;
}

/** Closes unless the dialog says it is busy (DialogAttr.Busy), the way Escape and light dismiss ask. */
function requestClose(dialog: HTMLDialogElement) {
  if (!dialog.hasAttribute(DialogAttr.Busy)) dialog.close();
}

document.addEventListener("click", (event) => {
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (!supportsCommands) {
    const button = target.closest<HTMLButtonElement>("button[commandfor][command]");
    const dialog = button && !button.disabled ? commandTarget(button) : null;
    if (button && dialog) {
      const command = button.getAttribute("command");
      if (command === "show-modal" && !dialog.open) dialog.showModal();
      else if (command === "close") dialog.close();
      else if (command === "request-close") requestClose(dialog);
      return;
    }
  }
  // A click on the backdrop lands on the <dialog> itself, outside its box.
  if (!supportsClosedBy && target instanceof HTMLDialogElement && target.open) {
    const box = target.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    const outside = x < box.left || x > box.right || y < box.top || y > box.bottom;
    if (outside && target.getAttribute("closedby") === "any") requestClose(target);
  }
});

// Escape and light dismiss fire `cancel`: a busy dialog (a submission on its way) stays open.
document.addEventListener(
  "cancel",
  (event) => {
    const dialog = event.target;
    if (dialog instanceof HTMLDialogElement && dialog.hasAttribute(DialogAttr.Busy)) event.preventDefault();
  },
  true,
);
