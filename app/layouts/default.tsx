import { Fragment } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { ImportProfileModal } from "#app/features/identity/import-profile-modal.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { refuseMalformedUrl } from "#app/lib/page.ts";
import { metaForMatches } from "#app/lib/route-meta.ts";
import { applyRouteRules, revalidateOnPathChange } from "#app/lib/route-rules.ts";
import type { Route } from "./+types/default";
import { Shell } from "./shell.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  refuseMalformedUrl(request);
  await applyRouteRules(serverApi(context), request);
  return null;
}

export const shouldRevalidate = revalidateOnPathChange;

/** Screens with a state key keep their component state while the path under them changes. */
export function useScreenKey(): string {
  const meta = metaForMatches(useMatches());
  const { pathname } = useLocation();
  return meta.stateKey ?? pathname;
}

export default function DefaultLayout() {
  return (
    <Shell>
      <Fragment key={useScreenKey()}>
        <Outlet />
      </Fragment>
      <ImportProfileModal />
    </Shell>
  );
}
