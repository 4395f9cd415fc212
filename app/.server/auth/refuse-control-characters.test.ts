import { describe, expect, it } from "vitest";
import { refuseControlCharacters } from "./refuse-control-characters";

const URL_BASE = "http://localhost/api/auth";
const json = (body: string, path = "/update-user") =>
  new Request(`${URL_BASE}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json" },
  });

describe("refuseControlCharacters at the /api/auth door", () => {
  it.each([
    ["a NUL in a value", json('{"name":"Ana\\u0000"}')],
    ["an escape character deep inside", json('{"a":[{"b":{"c":["ok","x\\u001b"]}}]}')],
    ["a control character in a key", json('{"na\\u0007me":"Ana"}')],
    ["a lone surrogate", json('{"name":"\\ud800"}')],
    [
      "a DEL in a urlencoded body",
      new Request(`${URL_BASE}/sign-in/email`, {
        method: "POST",
        body: "email=a%7F@example.com",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    ],
    ["a NUL in the query string", new Request(`${URL_BASE}/verify-email?token=a%00b`)],
  ])("refuses %s with 400", async (_name, request) => {
    const response = await refuseControlCharacters(request);
    expect(response?.status).toBe(400);
    expect(await response?.json()).toMatchObject({ code: "INVALID_CHARACTERS" });
  });

  it("lets clean requests through with their body still readable", async () => {
    const request = json('{"name":"José 😀","image":null,"n":1,"deep":[[["ok"]]]}');
    expect(await refuseControlCharacters(request)).toBeNull();
    expect(await request.json()).toMatchObject({ name: "José 😀" });
    expect(
      await refuseControlCharacters(new Request(`${URL_BASE}/get-session?disableCookieCache=true`)),
    ).toBeNull();
  });

  it("leaves malformed JSON and other bodies to Better Auth", async () => {
    expect(await refuseControlCharacters(json('{"name":"\u0000'))).toBeNull();
    const text = new Request(`${URL_BASE}/sign-out`, {
      method: "POST",
      body: "\u0000",
      headers: { "Content-Type": "text/plain" },
    });
    expect(await refuseControlCharacters(text)).toBeNull();
  });

  it("walks deep nesting and long arrays without throwing", async () => {
    const deep = `${"[".repeat(5000)}"\\u0000"${"]".repeat(5000)}`;
    expect((await refuseControlCharacters(json(deep)))?.status).toBe(400);
    const long = JSON.stringify(Array.from({ length: 200_000 }, () => "a"));
    expect(await refuseControlCharacters(json(long))).toBeNull();
  });
});
