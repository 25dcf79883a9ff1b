import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { adminMeQuery } from "#app/features/admin/api.ts";
import { AppealDesk } from "#app/features/admin/components/support-desk.tsx";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import { staffAppealQuery } from "#app/features/admin/support-api.ts";
import { SupportDeskStyles } from "#app/features/admin/support-styles.tsx";
import { validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import type { Route } from "./+types/admin-support-appeal";

export const handle: RouteHandle = { cache: "personal" };

const paramsSchema = z.object({ appealId: idParam("Page Not Found", 999_999_999_999) });

/** One appeal for an operator; an id no appeal has is the API's 404, said inside the back office. */
export function loader(args: Route.LoaderArgs) {
  const { appealId } = validateParams(paramsSchema, args.params, args.request);
  return loadAdminPage(args, async (queries, api) => {
    await Promise.all([
      queries.ensureQueryData(staffAppealQuery(appealId, api)),
      queries.ensureQueryData(adminMeQuery(api)),
    ]);
    return { appealId };
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Обращение № ${data.appealId}` : "Обращение");

function Desk({ appealId }: { appealId: number }) {
  const { data: appeal } = useQuery(staffAppealQuery(appealId));
  const { data: me } = useQuery(adminMeQuery());
  return appeal && me ? <AppealDesk appeal={appeal} myUserId={me.userId} /> : null;
}

export default function AdminSupportAppeal({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <SupportDeskStyles />
      <Desk appealId={loaderData.appealId} />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
