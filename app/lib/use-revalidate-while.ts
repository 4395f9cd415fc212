import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's loader data every `intervalMs` while `active` (something is still being worked on in the
 * background, such as media being processed), skipping a beat when a reload is already running or the tab is
 * hidden, and looking again as soon as a hidden tab is shown. Stops by itself once the data says the work is done.
 *
 * The beat is a steady interval that reads the revalidator's latest state: a beat that is skipped (a reload still
 * running, a hidden tab, a navigation that took the reload's place) is followed by the next one, never by silence.
 */
export function useRevalidateWhile(active: boolean, intervalMs = 3000) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  useEffect(() => {
    if (!active) return;
    const beat = () => {
      const { state, revalidate } = latest.current;
      if (document.visibilityState === "visible" && state === "idle") void revalidate();
    };
    const timer = setInterval(beat, intervalMs);
    document.addEventListener("visibilitychange", beat);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", beat);
    };
  }, [active, intervalMs]);
}
