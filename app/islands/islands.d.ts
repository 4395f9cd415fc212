declare module "virtual:islands" {
  /** Each island's URL by name (app/islands/vite-plugin.ts). */
  const urls: Record<string, string>;
  export default urls;
}
