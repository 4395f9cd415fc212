import { useEffect } from "react";
import { notify } from "~/components/ui/toast";
import type { FlashToast } from "./flash-toast";

/** Shows the toast an action returned, once per response. */
export function useActionToast(actionData: { toast?: FlashToast | null } | undefined) {
  useEffect(() => {
    if (actionData?.toast) notify(actionData.toast);
  }, [actionData]);
}
