import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { configureApi } from "./lib/api-client.ts";

configureApi({
  transport: (path, init) => fetch(path, { ...init, credentials: "same-origin" }),
  onUnauthorized: () => {
    if (window.location.pathname.startsWith("/auth")) return;
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    window.location.assign(`/auth?redirectTo=${encodeURIComponent(here)}`);
  },
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
