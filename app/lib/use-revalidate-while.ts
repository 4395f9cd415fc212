import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's loader data every `intervalMs` while `active` (something is still being worked on in the
 * background, such as media being processed), skipping a beat when a reload is already running or the tab is
 * hidden. Stops by itself once the data says the work is done.
 */
export function useRevalidateWhile(active: boolean, intervalMs = 3000) {
  const revalidator = useRevalidator();
  const idle = revalidator.state === "idle";
  useEffect(() => {
    if (!active || !idle) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    }, intervalMs);
    return () => clearTimeout(timer);
  }, [active, idle, intervalMs, revalidator]);
}
