// "Use my location" in the directory's search form (app/components/directory/directory-search-form.tsx): shows the
// button where the browser can share its position, and puts the position into the form's hidden lat/lng fields
// (three decimals, about 100 m: enough for a distance search, no more). Without this island a zip code gives the
// same search. Listeners sit on the document, and a form is made ready when it first takes focus as well as at
// load, so a form that React renders again (signed-in people's pages hydrate) keeps working.

import { NearMeAttr } from "./contract";

const NO_GEOLOCATION = "Your browser cannot share its location; type a zip code instead.";
const FINDING = "Finding you…";
const REFUSED = "Location not shared; type a zip code instead.";

interface NearMeForm {
  locate: HTMLButtonElement;
  located: HTMLElement;
  status: HTMLElement;
  lat: HTMLInputElement;
  lng: HTMLInputElement;
  near: HTMLInputElement;
}

function partsOf(form: HTMLFormElement | null | undefined): NearMeForm | null {
  if (!form?.hasAttribute(NearMeAttr.Form)) return null;
  const locate = form.querySelector<HTMLButtonElement>(`[${NearMeAttr.Locate}]`);
  const located = form.querySelector<HTMLElement>(`[${NearMeAttr.Located}]`);
  const status = form.querySelector<HTMLElement>(`[${NearMeAttr.Status}]`);
  const { lat, lng, near } = Object.fromEntries(
    ["lat", "lng", "near"].map((name) => [name, form.elements.namedItem(name)]),
  );
  if (!locate || !located || !status) return null;
  if (!(lat instanceof HTMLInputElement) || !(lng instanceof HTMLInputElement)) return null;
  if (!(near instanceof HTMLInputElement)) return null;
  return { locate, located, status, lat, lng, near };
}

function show(parts: NearMeForm, usingPosition: boolean) {
  parts.located.hidden = !usingPosition;
  parts.locate.hidden = usingPosition;
  parts.near.disabled = usingPosition;
}

function prepare(form: HTMLFormElement | null | undefined) {
  const parts = partsOf(form);
  if (parts) show(parts, Boolean(parts.lat.value && parts.lng.value));
}

for (const form of document.querySelectorAll<HTMLFormElement>(`form[${NearMeAttr.Form}]`)) prepare(form);
document.addEventListener("focusin", (event) => {
  if (event.target instanceof Element) prepare(event.target.closest("form"));
});

document.addEventListener("click", (event) => {
  if (!(event.target instanceof Element)) return;
  const button = event.target.closest(`[${NearMeAttr.Locate}], [${NearMeAttr.Clear}]`);
  const parts = partsOf(button?.closest("form"));
  if (!button || !parts) return;
  if (button.hasAttribute(NearMeAttr.Clear)) {
    parts.lat.value = "";
    parts.lng.value = "";
    show(parts, false);
    parts.near.focus();
    return;
  }
  if (!("geolocation" in navigator)) {
    parts.status.textContent = NO_GEOLOCATION;
    return;
  }
  parts.status.textContent = FINDING;
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => {
      parts.lat.value = coords.latitude.toFixed(3);
      parts.lng.value = coords.longitude.toFixed(3);
      parts.status.textContent = "";
      show(parts, true);
    },
    () => {
      parts.status.textContent = REFUSED;
    },
    { timeout: 10_000, maximumAge: 600_000 },
  );
});
