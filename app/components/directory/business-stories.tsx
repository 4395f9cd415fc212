import { StoryCard, type StoryCardStory } from "~/components/stories/story-card";

/** The business page's "Shine Stories about {name}": published stories that name this listing. Nothing when none. */
export function BusinessStories({ name, stories }: { name: string; stories: StoryCardStory[] }) {
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby="business-stories-title" className="mt-14">
      <h2 id="business-stories-title" className="text-2xl font-bold text-ink">
        Shine Stories about {name}
      </h2>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {stories.map((story) => (
          <StoryCard key={story.id} story={story} />
        ))}
      </div>
    </section>
  );
}
