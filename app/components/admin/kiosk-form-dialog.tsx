import { useCallback, useState } from "react";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { KIOSK_ORIENTATION_CHOICES, SaveKioskSchema, type AdminKiosk } from "~/lib/kiosk-schemas";

interface DialogState {
  open: boolean;
  /** The kiosk to edit, or null to add one. */
  kiosk: AdminKiosk | null;
  /** Changes on every opening, so each starts from a fresh form. */
  formKey: number;
}

/** The dialog's state and its two ways in: Add Kiosk and a card's Edit. */
export function useKioskDialog() {
  const [state, setState] = useState<DialogState>({ open: false, kiosk: null, formKey: 0 });
  const openCreate = useCallback(
    () => setState((current) => ({ open: true, kiosk: null, formKey: current.formKey + 1 })),
    [],
  );
  const openEdit = useCallback(
    (kiosk: AdminKiosk) => setState((current) => ({ open: true, kiosk, formKey: current.formKey + 1 })),
    [],
  );
  const onOpenChange = useCallback((open: boolean) => setState((current) => ({ ...current, open })), []);
  return { openCreate, openEdit, props: { ...state, onOpenChange } };
}

export interface HostChoice {
  id: string;
  name: string;
  city: string;
  state: string;
}

interface KioskFormDialogProps extends DialogState {
  onOpenChange: (open: boolean) => void;
  hosts: HostChoice[];
  timeZones: string[];
}

const NO_FILES: string[] = [];

/** Add Kiosk / Edit Kiosk (docs/product.md#kiosks): label, host, orientation, time zone. */
export function KioskFormDialog({
  open,
  onOpenChange,
  kiosk,
  formKey,
  hosts,
  timeZones,
}: KioskFormDialogProps) {
  const title = kiosk ? "Edit Kiosk" : "Add Kiosk";
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      formKey={formKey}
      fetcherKey="kiosk-form"
      title={title}
      description={
        kiosk
          ? "Rename the kiosk, move it to another host, turn it, or set its time zone."
          : "A kiosk is one screen in a partner's shop. Pair a screen with it once it is added."
      }
      formLabel={title}
      schema={SaveKioskSchema}
      action="/admin/kiosks"
      editId={kiosk?.id ?? null}
      fileFields={NO_FILES}
      submitLabel={kiosk ? "Update Kiosk" : "Add Kiosk"}
    >
      {(fields) => (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field field={fields.label} label="Label" required className="sm:col-span-2">
            <Input
              defaultValue={kiosk?.label ?? ""}
              maxLength={100}
              placeholder="Sunrise Bakery, front counter"
            />
          </Field>
          <Field
            field={fields.hostBusinessId}
            label="Host business"
            markOptional
            className="sm:col-span-2"
            hint="The listing whose shop holds the screen. Ads reach the kiosks within their radius of this place."
          >
            <NativeSelect defaultValue={kiosk?.hostBusinessId ?? ""}>
              <option value="">No host yet</option>
              {hosts.map((host) => (
                <option key={host.id} value={host.id}>
                  {host.name} ({host.city}, {host.state})
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field field={fields.orientation} label="Orientation">
            <NativeSelect defaultValue={kiosk?.orientation ?? "portrait"}>
              {KIOSK_ORIENTATION_CHOICES.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            field={fields.timeZone}
            label="Time zone"
            hint="Ads' schedules are read in this zone. Automatic: from the host's location."
          >
            <NativeSelect defaultValue={kiosk ? kiosk.timeZone : ""}>
              <option value="">Automatic</option>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
      )}
    </FormDialog>
  );
}
