import { readFile } from "node:fs/promises";
import readline from "node:readline";
import { Writable } from "node:stream";

/** Where the CLI asks its questions: the terminal in real use, streams in tests. */
export interface PromptIo {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
}

export type PasswordAnswer =
  { ok: true; password: string } | { ok: false; reason: "no-input" | "mismatch" | "empty" | "cancelled" };

/**
 * Asks for a new password twice without showing it. On a terminal, readline takes the keystrokes in raw mode (so
 * the terminal does not echo them) and its own echo goes to a muted stream; the prompts are written straight to
 * `output`. From a pipe (`printf 'pw\npw\n' | npm run cli -- user:create …`), the two lines are read as they come.
 */
export async function promptNewPassword({ input, output }: PromptIo): Promise<PasswordAnswer> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input, output: muted, terminal: Boolean(input.isTTY) });
  // The iterator buffers lines, so a pipe that delivers both at once loses neither.
  const lines = rl[Symbol.asyncIterator]();
  let cancelled = false;
  const cancel = new Promise<IteratorResult<string>>((resolve) =>
    rl.once("SIGINT", () => {
      cancelled = true;
      resolve({ done: true, value: undefined });
    }),
  );
  const ask = async (question: string) => {
    output.write(question);
    const line = await Promise.race([lines.next(), cancel]);
    output.write("\n");
    return line.done ? null : line.value;
  };
  try {
    const password = await ask("Password: ");
    if (password === null) return { ok: false, reason: cancelled ? "cancelled" : "no-input" };
    if (password === "") return { ok: false, reason: "empty" };
    const again = await ask("Password again: ");
    if (again === null) return { ok: false, reason: cancelled ? "cancelled" : "no-input" };
    if (again !== password) return { ok: false, reason: "mismatch" };
    return { ok: true, password };
  } finally {
    rl.close();
  }
}

/** What the CLI prints for a password it could not get. */
export const PASSWORD_PROBLEMS: Record<Exclude<PasswordAnswer, { ok: true }>["reason"], string> = {
  "no-input":
    "user:create needs a password: type it when asked, pipe it in (the same line twice), or name a file with --password-file.",
  empty: "The password is empty.",
  mismatch: "The two passwords do not match; nothing was created.",
  cancelled: "Cancelled; nothing was created.",
};

/** Why `--password` is refused (`npm run` prints the command line it runs). */
export const PASSWORD_ON_COMMAND_LINE =
  "--password is not accepted: npm prints the command line, so the password would be on screen and in your shell's history. Nothing was created. Leave it out and type the password when asked, pipe it in, or use --password-file FILE (a file or a descriptor such as /dev/fd/3 whose first line is the password).";

/** The first line of `file` (a path or `/dev/fd/N`), as the password; an empty or unreadable one is refused. */
export async function readPasswordFile(
  file: string,
): Promise<{ ok: true; password: string } | { ok: false; message: string }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    return {
      ok: false,
      message: `Cannot read the password file: ${(error as NodeJS.ErrnoException).code ?? "error"}.`,
    };
  }
  const password = text.split(/\r?\n/, 1)[0] ?? "";
  if (password === "") return { ok: false, message: PASSWORD_PROBLEMS.empty };
  return { ok: true, password };
}
