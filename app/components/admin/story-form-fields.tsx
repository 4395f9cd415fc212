import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { ImageField } from "~/components/ui/image-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { IndustrySelect } from "~/components/ui/industry-select";
import { Textarea } from "~/components/ui/textarea";
import {
  MAX_STORY_CONTENT_LENGTH,
  type SaveStorySchema,
  type StoryDraft,
  type StoryListingChoice,
} from "~/lib/admin-story-schemas";
import { NativeSelect } from "~/components/ui/native-select";
import { MarkdownPreview } from "./markdown-preview";
import { INDUSTRIES } from "~/lib/industries";
import type { FormFields } from "~/lib/use-validated-form";

interface StoryFormFieldsProps {
  /** The values the fields start from: the story being edited, a draft, or nothing. */
  initial: StoryDraft & { backgroundImageUrl?: string | null };
  fields: FormFields<typeof SaveStorySchema>;
  /** The listings a story can be about. */
  listings: StoryListingChoice[];
}

/** The story dialog's fields; input names are the story table's column names, which SaveStorySchema reads. */
export function StoryFormFields({ initial, fields, listings }: StoryFormFieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {initial.fromSubmission ? (
        <input type="hidden" name="from_submission" value={initial.fromSubmission} />
      ) : null}
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
      <div className="-mt-2 sm:col-span-2">
        <MarkdownPreview contentId={fields.content.id} />
      </div>
      <Field field={fields.industry} label="Industry" required markOptional>
        <IndustrySelect blank="Select an industry" defaultValue={initial.industry ?? ""} />
      </Field>
      <Field
        field={fields.business_id}
        label="About a Listing"
        markOptional
        hint="The story page links to this business, and its page lists the story."
      >
        <NativeSelect defaultValue={initial.businessId ?? ""}>
          <option value="">No listing</option>
          {INDUSTRIES.map((industry) => {
            const options = listings.filter((listing) => listing.industry === industry.id);
            return options.length > 0 ? (
              <optgroup key={industry.id} label={industry.title}>
                {options.map((listing) => (
                  <option key={listing.id} value={listing.id}>
                    {listing.name} ({listing.city})
                  </option>
                ))}
              </optgroup>
            ) : null;
          })}
        </NativeSelect>
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
