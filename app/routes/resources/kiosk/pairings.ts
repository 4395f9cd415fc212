import type { Route } from "./+types/pairings";
import {
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
  tooManyAttempts,
} from "~/.server/kiosks/device-guard";
import { startPairing } from "~/.server/kiosks/pairing";

/** POST /api/kiosk/pairings: a new screen asks for a code to show (docs/product.md#kiosks, "Pairing"). */
export function loader() {
  return METHOD_NOT_ALLOWED("POST");
}

export function action(args: Route.ActionArgs) {
  return deviceEndpoint(args, async ({ request, services, clientIp }) => {
    if (request.method !== "POST") return METHOD_NOT_ALLOWED("POST");
    const result = await startPairing(services.db, { clientIp });
    if (!result.ok && result.reason === "pending-full") {
      return deviceJson(
        {
          error: "too-many-pairings",
          message: "Too many screens are waiting to be paired. This screen will ask again shortly.",
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
      );
    }
    if (!result.ok) return tooManyAttempts(result.retryAfter);
    const { pairingId, code, secret, expiresAt } = result;
    return deviceJson({ pairingId, code, secret, expiresAt: expiresAt.toISOString() }, { status: 201 });
  });
}
