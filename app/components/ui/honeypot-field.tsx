import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * The bot trap: off-screen, out of the tab order and hidden from assistive technology, so only scripts that fill
 * every input fill it in (the server then drops the submission quietly). Its form needs `relative` positioning.
 */
export function HoneypotField({ formId }: { formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
