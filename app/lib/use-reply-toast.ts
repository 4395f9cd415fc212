import { useEffect } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/components/ui/toast";
import type { FlashToast } from "./flash-toast";
import type { FormReply } from "./form-submission";

/**
 * Shows the toast of an action's reply once. A fetcher's reply counts once the fetcher is idle again (`settled`),
 * that is after the page's data has reloaded; an action's data (useActionData) has always settled.
 */
export function useReplyToast(reply: { toast?: FlashToast } | undefined, settled = true) {
  useEffect(() => {
    if (settled && reply?.toast) notify(reply.toast);
  }, [reply, settled]);
}

/**
 * For lists whose rows share one keyed fetcher (delete, mark as handled): call once on the always-mounted page, as
 * the row that sent the request is often gone by the time its reply settles.
 */
export function useFetcherReplyToast(fetcherKey: string) {
  const fetcher = useFetcher<FormReply>({ key: fetcherKey });
  useReplyToast(fetcher.data, fetcher.state === "idle");
}
