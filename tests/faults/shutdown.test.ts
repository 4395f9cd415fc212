import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "~/.server/infra/storage";
import { startServer, type ServerProcess } from "../support/server-process";

let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop("SIGKILL");
});

describe("graceful shutdown", () => {
  it("lets an in-flight download finish after SIGTERM, refuses new connections, and exits 0", async () => {
    server = await startServer();
    // A 24 MB file, read slowly by the client, is still streaming when SIGTERM arrives.
    const size = 24 * 1024 * 1024;
    const storage = createLocalStorage({ root: path.join(server.dataDir, "uploads") });
    await storage.put("fault/big.bin", Readable.from([Buffer.alloc(size, 7)]), { contentType: "video/mp4" });

    let received = 0;
    const done = new Promise<number>((resolve, reject) => {
      http
        .get(`${server!.url}/media/fault/big.bin`, { agent: false }, (res) => {
          res.on("data", (chunk: Buffer) => {
            received += chunk.length;
            res.pause();
            setTimeout(() => res.resume(), 2);
          });
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        })
        .on("error", reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toBeLessThan(size);
    const exitCode = server.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    expect(await done).toBe(200);
    expect(received).toBe(size);
    expect(await exitCode).toBe(0);
  });

  it("closes a kept-alive connection as soon as its in-flight answer is sent, and exits 0", async () => {
    server = await startServer();
    const size = 4 * 1024 * 1024;
    const storage = createLocalStorage({ root: path.join(server.dataDir, "uploads") });
    await storage.put("fault/kept.bin", Readable.from([Buffer.alloc(size, 3)]), { contentType: "video/mp4" });
    // A client that keeps its connection open for the next request, as browsers and a screen's player do.
    const agent = new http.Agent({ keepAlive: true });
    let firstBytes: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => (firstBytes = resolve));
    let received = 0;
    const done = new Promise<number>((resolve, reject) => {
      http
        .get(`${server!.url}/media/fault/kept.bin`, { agent }, (res) => {
          res.on("data", (chunk: Buffer) => {
            received += chunk.length;
            firstBytes();
            res.pause();
            setTimeout(() => res.resume(), 1);
          });
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        })
        .on("error", reject);
    });
    await inFlight;
    const exitCode = server.stop("SIGTERM");
    expect(await done).toBe(200);
    expect(received).toBe(size);
    // The agent would keep the socket for its next request; the stopping server closes it instead of waiting out
    // its keep-alive timeout (65 s), which the 10-second forced exit (code 1) would cut short.
    expect(await exitCode).toBe(0);
    agent.destroy();
  });
});
