/** An email as the app asks for it; it is written to the outbox and delivered by a `mail` job. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** What caused it, e.g. `story_submission:<uuid>`: lets the admin inbox show delivery status. */
  reference?: string;
}

/** Delivers one message or throws. SMTP in production, the dev mailbox (.eml files) when SMTP_URL is unset. */
export interface MailTransport {
  readonly kind: "smtp" | "dev-mailbox";
  send(message: OutgoingEmail & { from: string; messageId: string }): Promise<void>;
  close(): Promise<void>;
}
