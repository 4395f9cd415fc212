import type { NextFunction, Request, Response } from "express";

/**
 * Starts rendered requests one per event-loop turn, first come first served (docs/performance.md "Fairness").
 *
 * libuv accepts one new connection per loop turn. When every ready request is rendered inside the same turn,
 * a busy turn lasts as long as a whole round of renders, so under load a new connection waits many rounds to
 * be accepted while connections already open are served again and again. Admitting one request per turn keeps
 * turns short, so new connections join the queue promptly and everyone waits about the same. Idle cost: one
 * `setImmediate` hop.
 */
export function fairAdmission() {
  const waiting: NextFunction[] = [];
  let scheduled = false;

  function admitNext() {
    scheduled = false;
    const next = waiting.shift();
    // Scheduled from the check phase, the following admission runs in the next turn, after I/O is polled.
    if (waiting.length > 0) schedule();
    next?.();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(admitNext);
  }

  return (_req: Request, _res: Response, next: NextFunction) => {
    waiting.push(next);
    schedule();
  };
}
