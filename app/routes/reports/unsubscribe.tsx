import { data, Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { PageHandle } from "~/lib/page-handle";
import { REPORT_LABELS, UnsubscribeSchema } from "~/lib/reports";
import { parseSubmission } from "~/.server/actions/form-actions";
import { unsubscribe, unsubscribePage, UNSUBSCRIBE_BAD_LINK } from "~/.server/reports/subscriptions";
import { getServicesFrom } from "~/.server/services";

// docs/product.md#weekly-reports: the link at the foot of every weekly email. Works signed out; the signed token in
// the link names the person and the report, so it stops that one and nobody else's. Opening the link changes nothing
// (mail scanners open links): the one button does. The URL carries the token, so the page is never cached.
export const handle: PageHandle = { hydrate: false, formPage: true, private: true };

export const meta: Route.MetaFunction = () => [
  { title: "Stop the weekly email | Local Shine" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const answer = await unsubscribePage(getServicesFrom(context), token);
  if (!answer.ok) return data({ ok: false as const, message: answer.message, token: "" }, { status: 400 });
  return { ok: true as const, kind: answer.kind, email: answer.email, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(request, UnsubscribeSchema);
  if (submission.status !== "success")
    return data({ done: false as const, message: UNSUBSCRIBE_BAD_LINK }, { status: 400 });
  const answer = await unsubscribe(getServicesFrom(context), submission.value.token);
  if (!answer.ok) return data({ done: false as const, message: answer.message }, { status: 400 });
  return { done: true as const, kind: answer.kind, email: answer.email };
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  return (
    <div className="container-page flex justify-center py-16">
      <Card className="w-full max-w-lg">
        {reply?.done ? (
          <CardHeader>
            <CardTitle role="status">Done: no more weekly emails</CardTitle>
            <CardDescription>
              {reply.email} will not get {REPORT_LABELS[reply.kind]} any more. To get it again, sign in and
              turn it on from your{" "}
              <Link to="/dashboard/results" className="font-semibold text-primary underline">
                Results page
              </Link>
              .
            </CardDescription>
          </CardHeader>
        ) : !loaderData.ok || reply?.done === false ? (
          <CardHeader>
            <CardTitle>This link does not work</CardTitle>
            <CardDescription role="alert">
              {reply?.done === false ? reply.message : !loaderData.ok ? loaderData.message : ""}
            </CardDescription>
          </CardHeader>
        ) : (
          <>
            <CardHeader>
              <CardTitle>Stop the weekly email?</CardTitle>
              <CardDescription>
                {loaderData.email} will no longer get {REPORT_LABELS[loaderData.kind]}. Nothing else changes.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Form method="post">
                <input type="hidden" name="token" value={loaderData.token} />
                <Button type="submit">Stop weekly emails</Button>
              </Form>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
