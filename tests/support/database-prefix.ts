/**
 * How throwaway PostgreSQL databases are named: `ls_test_…`, or TEST_DATABASE_PREFIX (letters, digits and
 * underscores) when several checkouts share one server and each wants to tell its own apart.
 */
export function databasePrefix(fallback = "ls_test_") {
  const prefix = process.env.TEST_DATABASE_PREFIX ?? fallback;
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix))
    throw new Error(`TEST_DATABASE_PREFIX must be lower-case letters, digits and _`);
  return prefix;
}
