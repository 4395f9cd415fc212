import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { ImageField } from "~/components/ui/image-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { IndustrySelect } from "~/components/ui/industry-select";
import { Textarea } from "~/components/ui/textarea";
import { MAX_STORY_CONTENT_LENGTH, type SaveStorySchema, type StoryDraft } from "~/lib/admin-story-schemas";
import type { FormFields } from "~/lib/use-validated-form";

interface StoryFormFieldsProps {
  /** The values the fields start from: the story being edited, a draft, or nothing. */
  initial: StoryDraft & { backgroundImageUrl?: string | null };
  fields: FormFields<typeof SaveStorySchema>;
}

/** The story dialog's fields; input names are the story table's column names, which SaveStorySchema reads. */
export function StoryFormFields({ initial, fields }: StoryFormFieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field field={fields.title} label="Title" required markOptional className="sm:col-span-2">
        <Input defaultValue={initial.title ?? ""} maxLength={200} />
      </Field>
      <Field
        field={fields.short_description}
        label="Short Description"
        required
        markOptional
        className="sm:col-span-2"
      >
        <Textarea
          defaultValue={initial.shortDescription ?? ""}
          rows={2}
          maxLength={500}
          placeholder="One or two sentences for the story cards"
        />
      </Field>
      <Field
        field={fields.description}
        label="Full Description"
        required
        markOptional
        className="sm:col-span-2"
      >
        <Textarea defaultValue={initial.description ?? ""} rows={4} maxLength={5000} />
      </Field>
      <Field
        field={fields.content}
        label="Content"
        markOptional
        className="sm:col-span-2"
        hint="Optional. Markdown: **bold**, *italic*, ## headings, - lists, > quotes, [links](https://…). Shown on the story page instead of the description."
      >
        <Textarea
          defaultValue={initial.content ?? ""}
          rows={6}
          maxLength={MAX_STORY_CONTENT_LENGTH}
          className="font-mono text-sm"
        />
      </Field>
      <Field field={fields.industry} label="Industry" required markOptional>
        <IndustrySelect blank="Select an industry" defaultValue={initial.industry ?? ""} />
      </Field>
      <Field field={fields.author} label="Author" required markOptional>
        <Input defaultValue={initial.author ?? ""} maxLength={200} />
      </Field>
      <Field field={fields.publish_date} label="Publish Date" required markOptional>
        <Input type="date" defaultValue={initial.publishDate ?? ""} />
      </Field>
      <div className="flex items-end pb-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id={fields.is_featured.id}
            name={fields.is_featured.name}
            defaultChecked={initial.isFeatured ?? false}
          />
          <Label htmlFor={fields.is_featured.id} className="cursor-pointer">
            Featured Story
          </Label>
        </div>
      </div>
      <div className="sm:col-span-2">
        {/* docs/product.md#shine-stories-panel: 'New image: {file name}' or 'Current image set'. */}
        <ImageField
          field={fields.background_image}
          label="Background Image"
          shape="banner"
          currentUrl={initial.backgroundImageUrl ?? null}
          currentHint="Current image set"
          pickedHint={(fileName) => `New image: ${fileName}`}
        />
      </div>
    </div>
  );
}
