import { createContext, useContext } from "react";

/**
 * The render's Content-Security-Policy nonce, provided by entry.server.tsx. Empty in the browser: the
 * browser hides nonce attributes from the DOM, and nothing rendered after hydration needs one.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
