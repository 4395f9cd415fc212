import path from "node:path";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

export * from "./storage";
export {
  createLocalStorage,
  listLocalKeys,
  localContentType,
  type LocalStorageOptions,
} from "./local-storage";
export { createS3Storage, type S3Storage, type S3StorageOptions } from "./s3-storage";

/** The subset of the validated environment (app/.server/infra/config/env.ts) that picks and configures the storage. */
export interface StorageEnv {
  STORAGE: "local" | "s3";
  DATA_DIR: string;
  S3_BUCKET: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_PUBLIC_URL?: string;
}

/** Local disk under DATA_DIR/uploads by default; S3-compatible when STORAGE=s3 (docs/architecture.md#the-shape). */
export function createStorage(env: StorageEnv): Storage {
  if (env.STORAGE === "s3") {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      publicBaseUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage({ root: path.resolve(env.DATA_DIR, "uploads") });
}
