import "react";

// Invoker Commands (https://html.spec.whatwg.org/#attr-button-command): a button that opens or closes a <dialog>
// without script. React renders the lowercase attributes as they are; its types don't list them yet.
declare module "react" {
  // Merged with React's own declaration, which must have the same type parameter.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}
