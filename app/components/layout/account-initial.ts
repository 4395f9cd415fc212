/** The letter on a viewer's avatar: the first letter of their name, else of their email. */
export function initialOf(viewer: { name?: string | null; email: string }) {
  const source = viewer.name?.trim() || viewer.email;
  return source.slice(0, 1).toUpperCase();
}
