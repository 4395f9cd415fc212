import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../support/server-process";

// Requests no browser sends (fetch refuses to), written byte by byte: each must get a 4xx, never a 500, and the
// server must keep serving. TRUST_PROXY is on, so the forwarded headers are read too.
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await server.stop();
});

/** Sends `head` (and nothing else) on a fresh connection; resolves to the response's status code, or null. */
function sendRaw(head: string): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, "127.0.0.1", () => socket.write(head, "latin1"));
    let answer = "";
    const done = () => {
      socket.destroy();
      const match = answer.match(/^HTTP\/1\.[01] (\d{3})/);
      resolve(match ? Number(match[1]) : null);
    };
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n\r\n")) done();
    });
    socket.on("error", done);
    socket.on("close", done);
    socket.setTimeout(10_000, done);
  });
}

const request = (target: string, headers: string[], method = "GET", version = "1.1") =>
  `${method} ${target} HTTP/${version}\r\n${headers.map((line) => `${line}\r\n`).join("")}Connection: close\r\n\r\n`;

const BAD_HOSTS = [
  "a b",
  "[::",
  "[::1",
  "::1",
  "[]",
  "",
  " ",
  "exa mple.com",
  "a/b",
  "a?b",
  "a#b",
  "a@b",
  "user:pass@localhost",
  "a\\b",
  "localhost:99999",
  "localhost:-1",
  "localhost:abc",
  "localhost:",
  "1.2.3.4.5",
  "%",
  "a%20b",
  "a<b>",
  "a|b",
  "a^b",
  "x".repeat(300),
  `${"a.".repeat(200)}com`,
  "\u00ff\u00fe",
  "localhost,evil.example",
];

const PAGES: Array<[method: string, target: string]> = [
  ["GET", "/"],
  ["GET", "/signin"],
  ["POST", "/signin"],
  ["GET", "/api/auth/get-session"],
  ["POST", "/api/auth/sign-in/email"],
  ["GET", "/media/nothing.png"],
  ["GET", "/healthz"],
];

function expectClientError(status: number | null, what: string) {
  expect(status, what).not.toBeNull();
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
}

describe("malformed requests", () => {
  it(`answers ${BAD_HOSTS.length} malformed Host headers with 400 on every kind of route`, async () => {
    for (const host of BAD_HOSTS) {
      for (const [method, target] of PAGES) {
        const body = method === "POST" ? ["Content-Length: 0"] : [];
        const status = await sendRaw(request(target, [`Host: ${host}`, ...body], method));
        expectClientError(status, `${method} ${target} Host: ${JSON.stringify(host)}`);
      }
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("answers a missing Host (HTTP/1.0) and odd request targets with 4xx", async () => {
    const cases = [
      request("/", [], "GET", "1.0"),
      request("/signin", [], "POST", "1.0"),
      request("http://evil.example/", ["Host: evil.example"]),
      request("http://127.0.0.1/x", [`Host: 127.0.0.1:${server.port}`]),
      request("*", [`Host: 127.0.0.1:${server.port}`], "OPTIONS"),
      request("//", [`Host: 127.0.0.1:${server.port}`]),
      request("//evil.example/x", [`Host: 127.0.0.1:${server.port}`]),
      request("/a%", [`Host: 127.0.0.1:${server.port}`]),
      request("/%E0%A4%A", [`Host: 127.0.0.1:${server.port}`]),
      request("/signin?redirectTo=%", [`Host: 127.0.0.1:${server.port}`]),
    ];
    for (const head of cases) {
      const status = await sendRaw(head);
      expect(status, JSON.stringify(head.split("\r\n")[0])).not.toBeNull();
      expect(status, JSON.stringify(head.split("\r\n")[0])).toBeLessThan(500);
    }
  });

  it("answers malformed X-Forwarded-Host and X-Forwarded-Proto (behind a trusted proxy) with 400", async () => {
    const host = `Host: 127.0.0.1:${server.port}`;
    const forwarded = [
      ...BAD_HOSTS.filter(Boolean).map((value) => `X-Forwarded-Host: ${value}`),
      "X-Forwarded-Proto: a b",
      "X-Forwarded-Proto: javascript",
      "X-Forwarded-Proto: ftp",
      "X-Forwarded-Proto: http:",
      "X-Forwarded-Proto: ://",
      "X-Forwarded-Proto: ,https",
    ];
    for (const header of forwarded) {
      for (const [method, target] of PAGES) {
        const body = method === "POST" ? ["Content-Length: 0"] : [];
        const status = await sendRaw(request(target, [host, header, ...body], method));
        expectClientError(status, `${method} ${target} ${JSON.stringify(header)}`);
      }
    }
  });

  it("still serves well-formed requests through a proxy", async () => {
    const ok = [
      [`Host: 127.0.0.1:${server.port}`],
      ["Host: localhost"],
      ["Host: [::1]:8080"],
      ["Host: 127.0.0.1", "X-Forwarded-Host: www.localshine.example", "X-Forwarded-Proto: https"],
      ["Host: 127.0.0.1", "X-Forwarded-Host: www.localshine.example:8443", "X-Forwarded-Proto: https, http"],
    ];
    for (const headers of ok) expect(await sendRaw(request("/about", headers)), headers.join(" ")).toBe(200);
  });
});
