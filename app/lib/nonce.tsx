import { createContext, useContext } from "react";

// The CSP nonce of this response (server only; the browser hides it from scripts, so the client sees "").
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
