import type { ComponentProps } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Textarea } from "~/components/ui/textarea";

/**
 * An admin's review decision inside a review form (ads, listings): the reason (needed to reject) and Approve /
 * Reject, sent as `intent` (`intents` renames the two values when a form reviews something else, such as an edit).
 * `subject` names what is reviewed for the buttons' accessible names.
 */
export function ReviewDecision({
  reason,
  hint,
  maxLength,
  subject,
  busy,
  intents = { approve: "approve", reject: "reject" },
}: {
  reason: ComponentProps<typeof Field>["field"];
  hint: string;
  maxLength: number;
  subject: string;
  busy: boolean;
  intents?: { approve: string; reject: string };
}) {
  return (
    <>
      <Field field={reason} label="Reason" hint={hint}>
        <Textarea rows={2} maxLength={maxLength} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          name="intent"
          value={intents.approve}
          disabled={busy}
          aria-label={`Approve ${subject}`}
        >
          <Icon name="check" aria-hidden /> Approve
        </Button>
        <Button
          type="submit"
          name="intent"
          value={intents.reject}
          variant="outline"
          disabled={busy}
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={`Reject ${subject}`}
        >
          <Icon name="x" aria-hidden /> Reject
        </Button>
      </div>
    </>
  );
}
