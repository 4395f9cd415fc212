import { z } from "./zod";

/**
 * The hidden field of every public form (Contact, Join Our Network, the share dialog). People never see or fill it
 * in; bots that fill every input do, and their submission is dropped on the server while they are shown the usual
 * confirmation, so they learn nothing.
 */
export const HONEYPOT_FIELD = "company_fax";

/** The honeypot as a schema field: any text, read by the server's screening, never stored. */
export const honeypotField = z.string().optional();
