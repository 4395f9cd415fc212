// The sign-up form's password meter (docs/decisions/066-password-strength-in-the-browser.md): the verdict of the
// very function the server refuses weak passwords with. That module carries a 49k-word list, so it loads when the
// password field is first focused (or typed in), never with the page; the form works and posts without it. The
// password input names the box it reports in (`data-password-strength="password-rules"`); the meter goes in that
// box's `[data-strength-meter]`. The reasons show there too, unless the field shows the server's own message.

import type { PasswordStrength } from "../lib/password-policy";
import { PasswordStrengthAttr } from "./contract";

type Check = (password: string, email?: string) => PasswordStrength;

const INPUT = `input[${PasswordStrengthAttr.Input}]`;

const BAR_COLORS: Record<PasswordStrength["score"], string> = {
  0: "bg-destructive",
  2: "bg-sun",
  3: "bg-primary",
  4: "bg-emerald-600",
};

let check: Check | null = null;
let loading: Promise<unknown> | null = null;

function load() {
  loading ??= import("../lib/password-policy").then((module) => {
    check = module.passwordStrength;
  });
  return loading;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: Node[]) {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
}

/** The meter's parts, made once so its live label is announced as it changes. */
function meterIn(box: HTMLElement) {
  let meter = box.querySelector<HTMLElement>("[data-testid=password-strength]");
  if (!meter) {
    const bars = element("div", "flex flex-1 gap-1");
    bars.setAttribute("aria-hidden", "true");
    for (let step = 1; step <= 4; step++) bars.append(element("span", "h-1.5 flex-1 rounded-full bg-border"));
    const label = element("span", "font-semibold");
    label.setAttribute("aria-live", "polite");
    meter = element(
      "div",
      "space-y-1 pt-1",
      element("div", "flex items-center gap-2", bars, label),
      element("ul", "space-y-0.5 text-destructive"),
    );
    meter.dataset.testid = "password-strength";
    box.append(meter);
  }
  const [bars, label] = meter.firstElementChild!.children as unknown as [HTMLElement, HTMLElement];
  return { meter, bars: [...bars.children] as HTMLElement[], label, reasons: meter.querySelector("ul")! };
}

function render(input: HTMLInputElement) {
  const box = document
    .getElementById(input.getAttribute(PasswordStrengthAttr.Input) ?? "")
    ?.querySelector<HTMLElement>(`[${PasswordStrengthAttr.Meter}]`);
  if (!box) return;
  if (!input.value || !check) {
    box.replaceChildren();
    return;
  }
  const email = input.form?.querySelector<HTMLInputElement>("input[name=email]")?.value ?? "";
  const strength = check(input.value, email);
  const { bars, label, reasons } = meterIn(box);
  bars.forEach((bar, index) => {
    const step = index + 1;
    const lit = strength.score === 0 ? step === 1 : step <= strength.score;
    bar.className = `h-1.5 flex-1 rounded-full bg-border ${lit ? BAR_COLORS[strength.score] : ""}`;
  });
  label.textContent = `Strength: ${strength.label}`;
  label.className = `font-semibold ${strength.score === 0 ? "text-destructive" : "text-foreground"}`;
  // After a refused submit the reasons are under the field (until it is edited): not twice.
  const errorShown = Boolean(document.getElementById(`${input.id}-error`));
  reasons.replaceChildren(
    ...(errorShown ? [] : strength.reasons).map((reason) =>
      element("li", "", document.createTextNode(reason)),
    ),
  );
}

document.addEventListener("focusin", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.matches(INPUT)) void load();
});

document.addEventListener("input", (event) => {
  const target = event.target;
  if (!(target instanceof HTMLInputElement)) return;
  // The password itself, or the email it must not be built from.
  const password = target.matches(INPUT) ? target : target.form?.querySelector<HTMLInputElement>(INPUT);
  if (!password || (target !== password && !password.value)) return;
  void load().then(() => render(password));
});
