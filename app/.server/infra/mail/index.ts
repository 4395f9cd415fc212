export { createMailDelivery, MAIL_JOB, mailJob, outboxMessageId, type MailDeliveryOptions } from "./delivery";
export { enqueueEmail, listDeliveryStatus, type DeliveryStatus } from "./outbox";
export { createMailTransport, findLinks, type MailTransportOptions } from "./transport";
export type { MailTransport, OutgoingEmail } from "./types";
