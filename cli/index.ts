import { parseArgs } from "node:util";
import { startCli } from "./commands";

// `npm run cli -- <command> [options]`; the commands are listed in the README.
const USAGE = `Usage: npm run cli -- <command>

Commands:
  user:create --email E [--name N] [--admin]                  create a verified account (admin with --admin);
              [--password-file F]                             asks for the password (hidden), or reads the first
                                                              line of F (a file, or a descriptor: /dev/fd/3)
  seed                                                        load the demo content into an empty database
  migrate                                                     apply the database migrations
  backup --out FILE [--no-files]                              write one archive of the database and the stored
                                                              files (asks the running server when it owns the
                                                              embedded database); --no-files lists the keys only
  restore FILE [--force] [--to-s3]                            restore an archive into an empty database and
                                                              storage (DATABASE_URL, else DATA_DIR); --force
                                                              replaces what is there; --to-s3 puts the files into
                                                              the S3_BUCKET (docs/operations.md)`;

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  options: {
    email: { type: "string" },
    // Parsed only to refuse it with the reason (commands.ts): npm prints the command line it runs.
    password: { type: "string" },
    "password-file": { type: "string" },
    name: { type: "string" },
    admin: { type: "boolean", default: false },
    out: { type: "string" },
    "no-files": { type: "boolean", default: false },
    force: { type: "boolean", default: false },
    "to-s3": { type: "boolean", default: false },
  },
  allowPositionals: true,
  strict: true,
});

const { "password-file": passwordFile, ...options } = values;
startCli(command, { ...options, passwordFile, positionals }, USAGE).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
