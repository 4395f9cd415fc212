import { getFormProps } from "@conform-to/react";
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field, FieldError } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import type { FormReply } from "~/lib/form-submission";
import { PairKioskSchema, type AdminKiosk } from "~/lib/kiosk-schemas";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm } from "~/lib/use-validated-form";

interface PairState {
  open: boolean;
  /** The kiosk to pair, when the dialog was opened from its card. */
  kioskId: string | null;
  formKey: number;
}

export function usePairDialog() {
  const [state, setState] = useState<PairState>({ open: false, kioskId: null, formKey: 0 });
  const open = useCallback(
    (kioskId: string | null) =>
      setState((current) => ({ open: true, kioskId, formKey: current.formKey + 1 })),
    [],
  );
  const onOpenChange = useCallback((open: boolean) => setState((current) => ({ ...current, open })), []);
  return { open, props: { ...state, onOpenChange } };
}

/** Pair a Screen: the code the screen shows, and the kiosk it is (docs/product.md#kiosks, "Pairing"). */
export function PairKioskDialog({
  open,
  onOpenChange,
  kioskId,
  formKey,
  kiosks,
}: PairState & { onOpenChange: (open: boolean) => void; kiosks: AdminKiosk[] }) {
  const fetcher = useFetcher<FormReply>({ key: `kiosk-pair-${formKey}` });
  const busy = fetcher.state !== "idle";
  const reply = fetcher.data;
  const [form, fields] = useValidatedForm(PairKioskSchema, {
    id: `kiosk-pair-${formKey}`,
    lastResult: reply?.result,
  });
  useReplyToast(reply, !busy);
  useEffect(() => {
    if (!busy && reply?.ok) onOpenChange(false);
    // Once per reply, when the fetcher settles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy, reply]);

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Pair a Screen</DialogTitle>
          <DialogDescription>
            Open <code>/kiosk</code> on the screen in the shop. Type the code it shows and pick the kiosk it
            is.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          action="/admin/kiosks"
          {...getFormProps(form)}
          key={formKey}
          aria-label="Pair a Screen"
          aria-busy={busy}
          className="space-y-5"
        >
          <input type="hidden" name="intent" value="pair" />
          <fieldset disabled={busy} className="space-y-5">
            <Field field={fields.code} label="Code on the screen" required>
              <Input
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                placeholder="K7M2QP"
                className="h-14 font-mono text-2xl tracking-[0.3em] uppercase"
              />
            </Field>
            <Field field={fields.kioskId} label="Kiosk" required>
              <NativeSelect defaultValue={kioskId ?? ""}>
                <option value="">Choose a kiosk</option>
                {kiosks.map((kiosk) => (
                  <option key={kiosk.id} value={kiosk.id}>
                    {kiosk.label}
                    {kiosk.hostName ? ` (${kiosk.hostName})` : ""}
                    {kiosk.paired ? ": replaces its current screen" : ""}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <FieldError id={form.errorId} errors={form.errors} />
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? (
                <Icon name="loader-circle" className="animate-spin" aria-hidden />
              ) : (
                <Icon name="monitor-play" aria-hidden />
              )}
              {busy ? "Pairing..." : "Pair Screen"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
