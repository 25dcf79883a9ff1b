import { data, Outlet } from "react-router";
import { ApiError, unwrap } from "#app/lib/api-client.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { refuseMalformedUrl } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { applyRouteRules, revalidateOnPathChange } from "#app/lib/route-rules.ts";
import type { Route } from "./+types/personal";
import { PersonalMenu } from "./personal-menu.tsx";
import { Shell } from "./shell.tsx";

/** Its screens use the personal layout; each declares its own (personal) cache policy. */
export const handle: RouteHandle = { layout: "personal" };

/** Personal pages belong to a signed-in shopper: without a session the API answers 401 → the 401 screen. */
export async function loader({ context, request }: Route.LoaderArgs) {
  refuseMalformedUrl(request);
  const api = serverApi(context);
  await applyRouteRules(api, request);
  try {
    return { profile: await unwrap(api.v1.user.profile.$get()) };
  } catch (error) {
    if (error instanceof ApiError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export const shouldRevalidate = revalidateOnPathChange;

export default function PersonalLayout() {
  return (
    <Shell aside={<PersonalMenu />}>
      <Outlet />
    </Shell>
  );
}
