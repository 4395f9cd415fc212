import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { fieldErrorsOf } from "~/lib/use-form-validation";
import type { FlashToast } from "~/lib/flash-toast";
import { setFlashToast } from "../flash-toast";
import { getRequestInfo } from "../request-context";

/** The caller of an auth operation: its headers (cookies) and its client IP as Express resolved it. */
export function callerOf(request: Request, context: Readonly<RouterContextProvider>) {
  return { headers: request.headers, clientIp: getRequestInfo(context).clientIp };
}

/** Parses a form with its shared schema; throws a 400 reply with field errors when it does not fit. */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data({ fieldErrors: { form: ["The form could not be read. Please try again."] } }, { status: 400 });
  }
  const values = Object.fromEntries([...formData.entries()].filter(([, value]) => typeof value === "string"));
  const result = schema.safeParse(values);
  if (!result.success) throw data({ fieldErrors: fieldErrorsOf(result.error) }, { status: 400 });
  return result.data;
}

/** A redirect that shows `toast` on the next page and forwards any auth cookies. */
export async function redirectWithToast(to: string, toast: FlashToast, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlashToast(toast));
  return redirect(to, { headers });
}
