import { Link } from "react-router";
import type { Route } from "./+types/home";
import { Button } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => [
  { title: "Local Shine | Shine brighter in your neighborhood" },
  {
    name: "description",
    content: "Free digital sanitizer kiosks for small businesses, with rotating local ads. Starting in Woodland Hills.",
  },
];

export default function Home() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-black tracking-tight sm:text-6xl">Shine brighter in your neighborhood</h1>
      <Button asChild size="lg" className="mt-8">
        <Link to="/about">MORE</Link>
      </Button>
    </section>
  );
}
