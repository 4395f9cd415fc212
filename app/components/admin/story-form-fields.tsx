import type * as React from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/field-error";
import { ImageField } from "~/components/ui/image-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { MAX_STORY_CONTENT_LENGTH, STORY_IMAGE_FIELD, type StoryDraft } from "~/lib/admin-story-schemas";
import { INDUSTRIES } from "~/lib/industries";
import type { FieldErrors } from "~/lib/use-form-validation";

/** What useFormValidation's `fieldProps(name)` gives an input. */
type FieldProps = {
  name: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  onChange: () => void;
};

interface StoryFormFieldsProps {
  /** The values the fields start from: the story being edited, a draft, or nothing. */
  initial: StoryDraft & { backgroundImageUrl?: string | null };
  errors: FieldErrors;
  fieldProps: (name: string) => FieldProps;
  clearError: (name: string) => void;
}

/** Spec §2 "Create/edit dialog" fields; input names are the spec's column names, which AdminStorySchema reads. */
export function StoryFormFields({ initial, errors, fieldProps, clearError }: StoryFormFieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="Title" name="title" required errors={errors} className="sm:col-span-2">
        {(props) => (
          <Input {...props} {...fieldProps("title")} defaultValue={initial.title ?? ""} maxLength={200} />
        )}
      </Field>
      <Field
        label="Short Description"
        name="short_description"
        required
        errors={errors}
        className="sm:col-span-2"
      >
        {(props) => (
          <Textarea
            {...props}
            {...fieldProps("short_description")}
            defaultValue={initial.shortDescription ?? ""}
            rows={2}
            maxLength={500}
            placeholder="One or two sentences for the story cards"
          />
        )}
      </Field>
      <Field label="Full Description" name="description" required errors={errors} className="sm:col-span-2">
        {(props) => (
          <Textarea
            {...props}
            {...fieldProps("description")}
            defaultValue={initial.description ?? ""}
            rows={4}
            maxLength={5000}
          />
        )}
      </Field>
      <Field
        label="Content"
        name="content"
        errors={errors}
        className="sm:col-span-2"
        hint="Optional. Markdown: **bold**, *italic*, ## headings, - lists, > quotes, [links](https://…). Shown on the story page instead of the description."
      >
        {(props) => (
          <Textarea
            {...props}
            {...fieldProps("content")}
            defaultValue={initial.content ?? ""}
            rows={6}
            maxLength={MAX_STORY_CONTENT_LENGTH}
            className="font-mono text-sm"
          />
        )}
      </Field>
      <Field label="Industry" name="industry" required errors={errors}>
        {(props) => (
          <NativeSelect {...props} {...fieldProps("industry")} defaultValue={initial.industry ?? ""}>
            <option value="">Select an industry</option>
            {INDUSTRIES.map((industry) => (
              <option key={industry.id} value={industry.id}>
                {industry.title}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Author" name="author" required errors={errors}>
        {(props) => (
          <Input {...props} {...fieldProps("author")} defaultValue={initial.author ?? ""} maxLength={200} />
        )}
      </Field>
      <Field label="Publish Date" name="publish_date" required errors={errors}>
        {(props) => (
          <Input
            {...props}
            {...fieldProps("publish_date")}
            type="date"
            defaultValue={initial.publishDate ?? ""}
          />
        )}
      </Field>
      <div className="flex items-end pb-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id="story-is_featured"
            name="is_featured"
            defaultChecked={initial.isFeatured ?? false}
            onCheckedChange={() => clearError("is_featured")}
          />
          <Label htmlFor="story-is_featured" className="cursor-pointer">
            Featured Story
          </Label>
        </div>
      </div>
      <div className="sm:col-span-2">
        {/* Spec §2: 'New image: {file name}' or 'Current image set'. */}
        <ImageField
          id="story-background-image"
          name={STORY_IMAGE_FIELD}
          label="Background Image"
          shape="banner"
          currentUrl={initial.backgroundImageUrl ?? null}
          currentHint="Current image set"
          pickedHint={(fileName) => `New image: ${fileName}`}
          errors={errors.background_image}
          onChange={() => clearError("background_image")}
        />
      </div>
    </div>
  );
}

interface FieldRenderProps {
  id: string;
  "aria-required"?: boolean;
}

/** A labelled control with its hint and first validation message underneath. */
function Field({
  label,
  name,
  required,
  hint,
  errors,
  className,
  children,
}: {
  label: string;
  name: string;
  required?: boolean;
  hint?: string;
  errors: FieldErrors;
  className?: string;
  children: (props: FieldRenderProps) => React.ReactNode;
}) {
  const id = `story-${name}`;
  return (
    <div className={`space-y-2 ${className ?? ""}`}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden className="text-destructive">
            *
          </span>
        ) : (
          <span className="font-normal text-muted-foreground">(optional)</span>
        )}
      </Label>
      {children({ id, "aria-required": required || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${name}-error`} errors={errors[name]} />
    </div>
  );
}
