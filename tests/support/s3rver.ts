import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

// s3rver ships no type declarations; describe the little we use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverConstructor = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

/** An S3-compatible server on loopback (bucket `media`, credentials S3RVER/S3RVER) for tests. */
export async function startS3rver() {
  const directory = await mkdtemp(path.join(os.tmpdir(), "local-shine-s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "media" }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async close() {
      // Keep-alive sockets from SDK clients would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
