import type { Route } from "./+types/pairing";
import {
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
  tooManyAttempts,
} from "~/.server/kiosks/device-guard";
import { checkPairing } from "~/.server/kiosks/pairing";

/** GET /api/kiosk/pairings/:pairingId with X-Pairing-Secret: waiting, paired (the token, once) or expired. */
export function loader(args: Route.LoaderArgs) {
  return deviceEndpoint(args, async ({ request, services, runtime, clientIp }) => {
    const result = await checkPairing(services.db, runtime.guesses, {
      pairingId: args.params.pairingId,
      secret: request.headers.get("X-Pairing-Secret"),
      clientIp,
    });
    if (result.ok) return deviceJson(result.pairing);
    if (result.status === 429) return tooManyAttempts(result.retryAfter ?? 60);
    return deviceJson({ status: "expired" }, { status: 404 });
  });
}

export function action() {
  return METHOD_NOT_ALLOWED("GET");
}
