import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { fairAdmission } from "./fair-admission";

const req = {} as Request;
const res = {} as Response;

describe("fair admission", () => {
  it("admits waiting requests in arrival order, one per event-loop turn", async () => {
    const admit = fairAdmission();
    const order: string[] = [];
    const done = new Promise<void>((resolve) => {
      admit(req, res, (() => {
        order.push("a");
        // Queued during a's turn: runs at the start of the next turn's check phase, after b is admitted.
        setImmediate(() => order.push("after a"));
      }) as NextFunction);
      admit(req, res, (() => order.push("b")) as NextFunction);
      admit(req, res, (() => {
        order.push("c");
        resolve();
      }) as NextFunction);
    });
    expect(order).toEqual([]);
    await done;
    expect(order).toEqual(["a", "b", "after a", "c"]);
  });

  it("admits a lone request on the next turn and then goes idle", async () => {
    const admit = fairAdmission();
    let admitted = 0;
    await new Promise<void>((resolve) =>
      admit(req, res, (() => {
        admitted++;
        resolve();
      }) as NextFunction),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(admitted).toBe(1);
  });
});
