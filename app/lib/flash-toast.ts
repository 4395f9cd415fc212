/** A toast to show on the next page (after a redirect), or returned by an action. */
export interface FlashToast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}
