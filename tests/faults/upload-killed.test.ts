import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSignedInAccount } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
});

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe("an upload killed midway", () => {
  it("leaves no row and no partial file", async () => {
    server = await startServer({ TRUST_PROXY: "1" });
    const cookie = await createSignedInAccount(server, "killed-upload@example.com");
    const uploads = path.join(server.dataDir, "uploads");
    const before = filesUnder(uploads).length;

    const boundary = "----killed";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHalf a video\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    // A real MP4 signature, then filler: the server accepts the type and starts storing.
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(12)]);
    const request = http.request(`${server.url}/dashboard/media`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(50 * 1024 * 1024),
      },
    });
    request.on("error", () => {});
    request.write(head);
    request.write(mp4);
    for (let i = 0; i < 8; i++) request.write(Buffer.alloc(256 * 1024, i));
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Mid-file, the client vanishes.
    request.destroy();

    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(filesUnder(uploads).length).toBe(before);
    expect(filesUnder(path.join(uploads, ".tmp"))).toEqual([]);
    const dashboard = await (await fetch(`${server.url}/dashboard`, { headers: { Cookie: cookie } })).text();
    expect(dashboard).toContain("No Media Added Yet");
    expect(server.child.exitCode).toBeNull();
  });
});
