import pino from "pino";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "../../app/.server/infra/http/request-context";
import { servicesContext, type Services } from "../../app/.server/services";

/** The router context a loader or action gets from server/app.ts, for calling route modules in tests. */
export function createRouteContext(
  services: Services,
  { clientIp = "127.0.0.1" }: { clientIp?: string } = {},
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, { requestId: "test", clientIp, log: pino({ level: "silent" }), nonce: "" });
  return context;
}
