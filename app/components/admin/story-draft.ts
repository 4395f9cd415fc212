import type { StoryDraft } from "~/lib/admin-story-schemas";

const SHORT_DESCRIPTION_LENGTH = 200;

/**
 * A new story started from a visitor's submission (the inbox's "Create story"): their name as the author and their
 * words as the description and content; the short description is their first sentence, or the opening words.
 * The admin edits everything before saving; saving the story marks the submission handled.
 */
export function draftFromSubmission(submission: {
  id: string;
  firstName: string;
  lastName: string;
  story: string;
}): StoryDraft {
  const story = submission.story.trim();
  return {
    author: `${submission.firstName} ${submission.lastName}`.trim(),
    description: story,
    content: story,
    shortDescription: openingOf(story),
    fromSubmission: submission.id,
  };
}

function openingOf(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  const sentence = /^.+?[.!?](?=\s|$)/.exec(flat)?.[0];
  if (sentence && sentence.length <= SHORT_DESCRIPTION_LENGTH) return sentence;
  if (flat.length <= SHORT_DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, SHORT_DESCRIPTION_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${lastSpace > 100 ? cut.slice(0, lastSpace) : cut}…`;
}
