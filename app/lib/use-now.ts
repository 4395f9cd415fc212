import { useEffect, useState } from "react";

/**
 * The current time for "Open now" labels: the server's moment during rendering and hydration (so both agree), then
 * the browser's clock, refreshed every minute.
 */
export function useNow(serverNow: string | null): Date {
  const [now, setNow] = useState(() => (serverNow ? new Date(serverNow) : new Date()));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
