import type { Services } from "../services";
import { logger } from "../infra/logging/logger";
import { CatalogCache } from "./catalog";
import { DeviceGuessLimiter } from "./guess-limit";
import { ManifestVersions } from "./manifest";
import { PlayContexts } from "./play-context";
import { ServedVersions } from "./served-items";

/**
 * What the device API keeps in memory per server: the shared catalog, each kiosk's manifest version, blocked
 * addresses, what plays are checked against.
 */
export interface KioskRuntime {
  db: Services["db"];
  dbKind: Services["database"]["kind"];
  catalog: CatalogCache;
  manifests: ManifestVersions;
  guesses: DeviceGuessLimiter;
  /** What this process last recorded as served to each kiosk (docs/security.md#proof-of-play). */
  served: ServedVersions;
  /** Each kiosk's pairing and served items, as play ingest last read them (play-context.ts). */
  playContexts: PlayContexts;
  pollSeconds: number;
}

const runtimes = new WeakMap<Services["db"], KioskRuntime>();

/** The runtime of these services (made on first use; one per database, so each test server has its own). */
export function kioskRuntime(services: Pick<Services, "db" | "database" | "storage" | "env">): KioskRuntime {
  let runtime = runtimes.get(services.db);
  if (!runtime) {
    const catalog = new CatalogCache(services, {
      onError: (error) => logger.error({ err: error }, "kiosk catalog refresh failed"),
    });
    const pollSeconds = services.env.KIOSK_POLL_SECONDS;
    runtime = {
      db: services.db,
      dbKind: services.database.kind,
      catalog,
      manifests: new ManifestVersions(catalog, { appUrl: services.env.APP_URL, pollSeconds }),
      guesses: new DeviceGuessLimiter(),
      served: new ServedVersions(),
      playContexts: new PlayContexts(),
      pollSeconds,
    };
    runtimes.set(services.db, runtime);
  }
  return runtime;
}

/**
 * Drops what play ingest cached of the kiosk: it was paired, unpaired or retired (before any runtime exists, there
 * is nothing to drop).
 */
export function forgetPlayContext(db: Services["db"], kioskId: string) {
  runtimes.get(db)?.playContexts.forget(kioskId);
}
