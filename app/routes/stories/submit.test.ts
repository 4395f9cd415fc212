import { describe, expect, it } from "vitest";
import type { FormReply } from "~/lib/form-submission";
import type { Services } from "~/.server/services";
import { createRouteContext } from "../../../tests/support/test-route-context";
import { action } from "./submit";

/** Services whose database is down: every query throws. */
const brokenServices = {
  env: { TEAM_EMAIL: "team@localshine.test" },
  jobs: { wake() {} },
  db: new Proxy({}, { get: () => () => Promise.reject(new Error("database unavailable")) }),
} as unknown as Services;

function call(body: BodyInit, headers: Record<string, string> = {}) {
  const context = createRouteContext(brokenServices, { clientIp: "203.0.113.5" });
  const request = new Request("http://localhost/stories/submit", { method: "POST", body, headers });
  return action({ request, context, params: {} } as unknown as Parameters<typeof action>[0]) as Promise<{
    data: FormReply & { returnTo: string };
    init: ResponseInit | null;
  }>;
}

function form(values: Record<string, string>) {
  return new URLSearchParams(values);
}

describe("POST /stories/submit", () => {
  it("answers the spec's failure toast with 500 when storing fails, instead of throwing", async () => {
    const reply = await call(
      form({ firstName: "Ana", lastName: "Reyes", email: "ana@example.com", story: "A long enough story." }),
    );
    expect(reply.init?.status).toBe(500);
    expect(reply.data.ok).toBe(false);
    expect(reply.data.toast).toEqual({
      title: "Submission Failed",
      description: "There was an error submitting your story. Please try again.",
      variant: "destructive",
    });
  });

  it("answers field errors with 400 before touching the database", async () => {
    const reply = await call(form({ firstName: "", lastName: "Reyes", email: "x", story: "short" }));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.ok).toBe(false);
    expect(reply.data.result?.error).toEqual({
      firstName: ["First name is required"],
      email: ["Please enter a valid email address"],
      story: ["Story must be at least 10 characters"],
    });
  });

  it("answers 400 to a body that isn't a form", async () => {
    const reply = await call(JSON.stringify({ firstName: "Ana" }), { "Content-Type": "application/json" });
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result?.error).toEqual({ "": ["The form could not be read. Please try again."] });
  });

  it("goes back only to a path on this site, else to the stories home", async () => {
    const invalid = { firstName: "", lastName: "Reyes", email: "x", story: "short" };
    for (const [returnTo, expected] of [
      ["/story/5d0f?x=1", "/story/5d0f?x=1"],
      ["//evil.example/", "/shine-stories"],
      ["https://evil.example/", "/shine-stories"],
      ["/\\evil.example", "/shine-stories"],
      ["javascript:alert(1)", "/shine-stories"],
    ]) {
      const reply = await call(form({ ...invalid, returnTo }));
      expect(reply.data.returnTo, returnTo).toBe(expected);
    }
  });
});
