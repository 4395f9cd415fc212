import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { parseFormData } from "./form-submission";

/** A schema for a form: it reads an object of the form's fields. */
export type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

interface ValidatedFormOptions<S extends FormSchema> {
  /** The form's id; its fields' ids are `${id}-${name}`. Unique on the page. */
  id: string;
  /** The action's `result` (FormReply): its messages show under the fields, even before JavaScript loads. */
  lastResult?: SubmissionResult<string[]> | null;
  /** The values an edit form starts from. */
  defaultValue?: DefaultValue<z.input<S>>;
  /** Called with a valid form instead of the default submission (e.g. to send files after the text). */
  onSubmit?: (event: React.FormEvent<HTMLFormElement>, context: { formData: FormData }) => void;
}

/**
 * The client half of "one schema per form", with Conform: the form is checked with the schema the server uses
 * before it is sent, each message shows under its field, and editing a field clears that field's message (the
 * others stay until the next submit). Spread `getFormProps(form)` on the form and pass `fields.x` to `Field`.
 */
export function useValidatedForm<S extends FormSchema>(schema: S, options: ValidatedFormOptions<S>) {
  return useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parseFormData(formData, schema);
      return {
        ...submission,
        reply(replyOptions) {
          const result = submission.reply(replyOptions);
          const edited = result.intent?.type === "validate" ? result.intent.payload.name : undefined;
          if (!edited) return result;
          // An edit: null keeps a field's current message, and the edited field has none.
          const kept = ["", ...(result.fields ?? [])].filter((name) => name !== edited);
          return { ...result, error: Object.fromEntries(kept.map((name) => [name, null])) };
        },
      };
    },
    onSubmit: options.onSubmit,
  });
}

/** The fields of a form made with useValidatedForm, each ready for `Field`. */
export type FormFields<S extends FormSchema> = ReturnType<typeof useValidatedForm<S>>[1];
