import { oneLine, optionalText, requiredText } from "./form-fields";
import { z } from "~/lib/zod";

// The forms of /admin/kiosks/groups and /admin/kiosks/messages (docs/product.md#screen-groups,
// docs/product.md#priority-messages).

/** Most kiosks or ads one group form sets, and groups one message targets. */
export const MAX_GROUP_PICKS = 2000;
export const MAX_MESSAGE_GROUPS = 100;

export const GROUP_MESSAGES = {
  nameRequired: "Name is required",
  nameTaken: "A group with this name already exists",
  headlineRequired: "Headline is required",
  color: "Please choose a colour",
  startsAt: "Please enter a start date and time",
  endsAt: "Please enter an end date and time",
  endsBeforeStart: "The end must be after the start",
  endsInPast: "The end must be in the future",
  groupsRequired: "Choose at least one group, or every screen",
  image: "Please choose one of your pictures",
} as const;

const id = oneLine("Id").min(1).max(100);

/** One value or up to `max` (a form sends one checkbox's value as a string, several as a list). */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z
    .union([item, z.array(item).max(max)])
    .optional()
    .transform((value): z.output<T>[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const groupName = requiredText(GROUP_MESSAGES.nameRequired, 80, "Name");

/** Every form of /admin/kiosks/groups, told apart by `intent`. */
export const GroupActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: groupName }),
  z.object({ intent: z.literal("rename"), id, name: groupName }),
  z.object({ intent: z.literal("delete"), id }),
  /** The group's members: exactly the kiosks sent. */
  z.object({ intent: z.literal("members"), id, kioskIds: listOf(id, MAX_GROUP_PICKS) }),
  /** The ads that target the group: exactly the ads sent. */
  z.object({ intent: z.literal("ads"), id, adIds: listOf(id, MAX_GROUP_PICKS) }),
  z.object({ intent: z.literal("unpair"), id }),
  z.object({ intent: z.literal("retire"), id }),
]);
export type GroupAction = z.output<typeof GroupActionSchema>;

const wallTime = (message: string) =>
  z
    .string()
    .trim()
    .max(30, message)
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value), message);

/**
 * Publish a priority message. Times are wall times in the site's zone; an empty start is now, an empty end is
 * "until I clear it". `audience` "all" is every screen, "groups" the groups ticked (at least one: the domain
 * function refuses none with GROUP_MESSAGES.groupsRequired).
 */
export const TakeoverFormSchema = z.object({
  intent: z.literal("publish"),
  headline: requiredText(GROUP_MESSAGES.headlineRequired, 80, "Headline"),
  body: optionalText(400, "Text", "many"),
  color: z
    .string(GROUP_MESSAGES.color)
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, GROUP_MESSAGES.color),
  mediaId: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || null),
  audience: z.enum(["all", "groups"]).catch("all"),
  groupIds: listOf(id, MAX_MESSAGE_GROUPS),
  startsAt: wallTime(GROUP_MESSAGES.startsAt),
  endsAt: wallTime(GROUP_MESSAGES.endsAt),
});
export type TakeoverForm = z.output<typeof TakeoverFormSchema>;

/** Every form of /admin/kiosks/messages: publish one, or clear one. */
export const TakeoverActionSchema = z.discriminatedUnion("intent", [
  TakeoverFormSchema,
  z.object({ intent: z.literal("clear"), id }),
]);

export const GROUP_TOASTS = {
  created: { title: "Group added" },
  renamed: { title: "Group renamed" },
  deleted: { title: "Group deleted" },
  members: { title: "Group's kiosks saved", description: "Screens pick the change up at their next poll." },
  ads: { title: "Group's ads saved", description: "Screens pick the change up at their next poll." },
  unpaired: { title: "Group's screens unpaired" },
  retired: { title: "Group's kiosks retired" },
  nameTaken: { title: GROUP_MESSAGES.nameTaken, variant: "destructive" },
  failed: { title: "Error updating the group", description: "Please try again.", variant: "destructive" },
  published: { title: "Message published", description: "Screens show it within seconds of its start." },
  cleared: { title: "Message cleared" },
  publishFailed: {
    title: "Failed to publish the message",
    description: "Please try again.",
    variant: "destructive",
  },
} as const;

/** A default the colour picker starts on: the brand's deep red, which white text reads on. */
export const DEFAULT_TAKEOVER_COLOR = "#b91c1c";
