/**
 * docs/product.md#limits: minimum password length 6. On its own so the password meter's lazily loaded module
 * (app/lib/password-policy.ts) does not bring the form schemas and zod into the browser with it.
 */
export const PASSWORD_MIN_LENGTH = 6;
