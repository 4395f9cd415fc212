import { parseArgs } from "node:util";
import { startCli } from "./commands";

// `npm run cli -- <command> [options]`; the commands are listed in the README.
const USAGE = `Usage: npm run cli -- <command>

Commands:
  user:create --email E [--password P] [--name N] [--admin]   create a verified account (admin with --admin);
                                                              asks for the password when --password is not given
  seed                                                        load the demo content into an empty database
  migrate                                                     apply the database migrations`;

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    admin: { type: "boolean", default: false },
  },
  allowPositionals: false,
  strict: true,
});

startCli(command, values, USAGE).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
