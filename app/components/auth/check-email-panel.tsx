import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { confirmationLinkNotice, RESEND_CONFIRMATION_MESSAGE } from "~/lib/auth-schemas";
import type { FormReply } from "~/lib/form-submission";
import { BusyForm } from "~/components/ui/busy-form";

/** Seconds the resend button waits after a send, as the server would refuse most sends sooner anyway. */
const RESEND_COOLDOWN = 60;

/** After a sign-up: the form gives way to what happens next, and a way to get the link again. */
export function CheckEmailPanel({ email, reply }: { email: string; reply: FormReply | undefined }) {
  return (
    <section
      aria-labelledby="check-email-title"
      className="space-y-4 rounded-lg border bg-secondary/40 p-5 text-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Icon name="mail-check" className="size-5" />
        </span>
        <div className="space-y-1">
          <h2 id="check-email-title" className="text-lg font-semibold">
            Check your email
          </h2>
          <p role="status">
            We've sent a confirmation link to{" "}
            {email ? <strong className="break-all">{email}</strong> : "your email"}. Follow it to finish
            creating your account; it works for 24 hours.
          </p>
        </div>
      </div>
      <p className="text-muted-foreground">
        Nothing after a few minutes? Look in your spam folder, or send the link again.
      </p>
      <ResendForm email={email} reply={reply} />
    </section>
  );
}

/** Back from a confirmation link that did not sign the person in: why, and what to do now. */
export function ConfirmationLinkNotice({
  error,
  reply,
}: {
  error: string | null;
  reply: FormReply | undefined;
}) {
  const notice = confirmationLinkNotice(error);
  return (
    <section
      aria-labelledby="confirmation-notice-title"
      className="mb-6 space-y-3 rounded-lg border border-sun/60 bg-sun/10 p-4 text-sm"
    >
      <h2 id="confirmation-notice-title" className="flex items-center gap-2 font-semibold">
        <Icon name={error ? "mail-x" : "mail-check"} className="size-4" />
        {notice.title}
      </h2>
      <p>{notice.text}</p>
      {error ? <ResendForm email="" reply={reply} /> : null}
    </section>
  );
}

/**
 * "Send the link again". The address is the one just signed up with when the page knows it, else typed. The
 * server limits sends per IP and per account; the button also waits a minute after each send (the answer to a
 * send has a toast, so that page runs React). It posts like any form; the busy-form island disables it meanwhile.
 */
function ResendForm({ email, reply }: { email: string; reply: FormReply | undefined }) {
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (reply?.resent) setWait(RESEND_COOLDOWN);
  }, [reply]);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const errors = reply?.result?.error?.[""] ?? reply?.result?.error?.email ?? undefined;
  return (
    <BusyForm aria-label="Send the confirmation link again">
      <fieldset className="space-y-2">
        <input type="hidden" name="intent" value="resend" />
        {email ? (
          <input type="hidden" name="email" value={email} />
        ) : (
          <div className="space-y-1">
            <Label htmlFor="resend-email">Email</Label>
            <Input id="resend-email" name="email" type="email" autoComplete="email" required />
          </div>
        )}
        <Button type="submit" variant="outline" disabled={wait > 0} className="w-full">
          <Icon name="refresh-cw" aria-hidden="true" />
          {wait > 0 ? `Send the link again (${wait}s)` : "Send the link again"}
        </Button>
        {reply?.resent ? (
          <p role="status" className="text-muted-foreground">
            {RESEND_CONFIRMATION_MESSAGE}
          </p>
        ) : null}
        <FieldError id="resend-error" errors={errors ?? undefined} />
      </fieldset>
    </BusyForm>
  );
}
