export {
  createOutboxDispatcher,
  outboxMessageId,
  type OutboxDispatcher,
  type OutboxDispatcherOptions,
} from "./dispatcher";
export { enqueueEmail, listDeliveryStatus, type DeliveryStatus } from "./outbox";
export {
  createMailTransport,
  findLinks,
  readDevMailbox,
  type DevMailboxMessage,
  type MailTransportOptions,
} from "./transport";
export type { MailTransport, OutgoingEmail } from "./types";
