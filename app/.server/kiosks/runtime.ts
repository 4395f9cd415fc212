import type { Services } from "../services";
import { logger } from "../infra/logging/logger";
import { CatalogCache } from "./catalog";
import { DeviceGuessLimiter } from "./guess-limit";
import { ManifestVersions } from "./manifest";
import { ServedVersions } from "./served-items";

/** What the device API keeps in memory per server: the shared catalog, each kiosk's manifest version, blocked addresses. */
export interface KioskRuntime {
  db: Services["db"];
  catalog: CatalogCache;
  manifests: ManifestVersions;
  guesses: DeviceGuessLimiter;
  /** What this process last recorded as served to each kiosk (docs/security.md#proof-of-play). */
  served: ServedVersions;
  pollSeconds: number;
}

const runtimes = new WeakMap<Services["db"], KioskRuntime>();

/** The runtime of these services (made on first use; one per database, so each test server has its own). */
export function kioskRuntime(services: Pick<Services, "db" | "storage" | "env">): KioskRuntime {
  let runtime = runtimes.get(services.db);
  if (!runtime) {
    const catalog = new CatalogCache(services, {
      onError: (error) => logger.error({ err: error }, "kiosk catalog refresh failed"),
    });
    const pollSeconds = services.env.KIOSK_POLL_SECONDS;
    runtime = {
      db: services.db,
      catalog,
      manifests: new ManifestVersions(catalog, { appUrl: services.env.APP_URL, pollSeconds }),
      guesses: new DeviceGuessLimiter(),
      served: new ServedVersions(),
      pollSeconds,
    };
    runtimes.set(services.db, runtime);
  }
  return runtime;
}
