import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { configureApi } from "./lib/api-client.ts";
import { installBuildWatcher } from "./lib/deploy/build-watcher.ts";
import { handleChunkError, installChunkReloadGuard } from "./lib/deploy/chunk-reload.ts";
import { logComponentError } from "./lib/deploy/error-log.ts";
import { goToSignIn } from "./lib/unauthorized.ts";

configureApi({
  transport: (path, init) => fetch(path, { ...init, credentials: "same-origin" }),
  onUnauthorized: () => goToSignIn(),
});

// Before hydrating: a lazily imported chunk can already fail during the first render.
installChunkReloadGuard();

/** React's own default for uncaught and recoverable errors: the stack in the console, window listeners told. */
const reportToBrowser = (error: unknown) =>
  typeof reportError === "function" ? reportError(error) : console.error(error);

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      {
        // A chunk that failed to load is a deploy or network problem, not a bug: reload (once) instead.
        onCaughtError: (error, info) => {
          if (handleChunkError(error)) return;
          logComponentError(error, info, "caught");
        },
        onUncaughtError: (error, info) => {
          if (handleChunkError(error)) return;
          logComponentError(error, info, "uncaught");
          reportToBrowser(error);
        },
        onRecoverableError: (error, info) => {
          logComponentError(error, info, "recoverable");
          reportToBrowser(error);
        },
      },
    );
  } catch (error) {
    console.error("Не удалось запустить приложение", error);
  }
});

installBuildWatcher();
