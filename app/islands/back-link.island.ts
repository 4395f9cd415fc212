// The business page's back link (app/routes/directory/business.tsx) returns to the directory list the visitor came
// from, with its filters and page, when they came from one on this site; otherwise it stays on the listing's
// industry. Read from the browser's referrer, so the page itself stays the same for everyone (and cacheable).

import { BackLinkAttr } from "./contract";

const link = document.querySelector<HTMLAnchorElement>(`a[${BackLinkAttr.Link}]`);
const label = link?.querySelector<HTMLElement>(`[${BackLinkAttr.Label}]`);
if (link && label && document.referrer) {
  const from = new URL(document.referrer);
  if (from.origin === location.origin && /^\/local-shiners(\/|$)/.test(from.pathname)) {
    link.href = from.pathname + from.search;
    label.textContent = "Back to the list";
  }
}
