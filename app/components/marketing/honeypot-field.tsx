import { HONEYPOT_FIELD } from "~/lib/marketing-schemas";

/**
 * The bot trap: off-screen, out of the tab order and hidden from assistive technology, so only scripts that fill
 * every input fill it in (the server then drops the submission quietly).
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input
        id={HONEYPOT_FIELD}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
