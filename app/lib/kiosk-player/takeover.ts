// Priority messages (takeovers) as the screen reads them in its manifest (docs/product.md#priority-messages), and the
// pure rules the player shows them by: which one is on at an instant of the server's clock, and when that changes.

export interface ScreenTakeover {
  id: string;
  headline: string;
  body: string;
  /** Background, `#rrggbb`. */
  color: string;
  /** A picture from the admin's media, stored by the service worker like an ad's file. */
  image: { url: string; sha256: string; width: number; height: number } | null;
  startsAt: string;
  /** Null: until an admin clears it (the next manifest without it ends it). */
  endsAt: string | null;
}

/** Whether `takeover` is on at `instant` (ms of the server's clock): from its start, until (not at) its end. */
export function isTakeoverOn(takeover: ScreenTakeover, instant: number): boolean {
  const starts = Date.parse(takeover.startsAt);
  const ends = takeover.endsAt === null ? Infinity : Date.parse(takeover.endsAt);
  return starts <= instant && instant < ends;
}

/** The message on screen at `instant`: of those on, the one that started last (the newest wins). */
export function activeTakeover(takeovers: readonly ScreenTakeover[], instant: number): ScreenTakeover | null {
  let active: ScreenTakeover | null = null;
  for (const takeover of takeovers) {
    if (!isTakeoverOn(takeover, instant)) continue;
    if (!active || Date.parse(takeover.startsAt) >= Date.parse(active.startsAt)) active = takeover;
  }
  return active;
}

/** Ms from `instant` to the next start or end of any message; null when none is ahead. */
export function msToNextTakeoverChange(takeovers: readonly ScreenTakeover[], instant: number): number | null {
  let next = Infinity;
  for (const takeover of takeovers) {
    for (const at of [Date.parse(takeover.startsAt), takeover.endsAt ? Date.parse(takeover.endsAt) : NaN])
      if (at > instant && at < next) next = at;
  }
  return next === Infinity ? null : next - instant;
}

/** White or ink text, whichever contrasts more with the background `#rrggbb` (WCAG relative luminance). */
export function takeoverTextColor(background: string): "#ffffff" | "#111827" {
  const channel = (offset: number) => {
    const value = parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  const ink = 0.0092; // #111827
  const withWhite = 1.05 / (luminance + 0.05);
  const withInk = (luminance + 0.05) / (ink + 0.05);
  return withWhite >= withInk ? "#ffffff" : "#111827";
}
