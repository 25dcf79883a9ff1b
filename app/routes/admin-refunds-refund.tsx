import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { RefundDesk } from "#app/features/admin/components/refund-desk.tsx";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import { staffRefundQuery } from "#app/features/admin/refunds-api.ts";
import { RefundDeskStyles } from "#app/features/admin/refunds-styles.tsx";
import { SupportDeskStyles } from "#app/features/admin/support-styles.tsx";
import { validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import type { Route } from "./+types/admin-refunds-refund";

export const handle: RouteHandle = { cache: "personal" };

const paramsSchema = z.object({ refundId: idParam("Page Not Found", 999_999_999_999) });

/** One return request for an operator; an id no request has is the API's 404, said inside the back office. */
export function loader(args: Route.LoaderArgs) {
  const { refundId } = validateParams(paramsSchema, args.params, args.request);
  return loadAdminPage(args, async (queries, api) => {
    await queries.ensureQueryData(staffRefundQuery(refundId, api));
    return { refundId };
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Возврат № ${data.refundId}` : "Возврат");

function Desk({ refundId }: { refundId: number }) {
  const { data: refund } = useQuery(staffRefundQuery(refundId));
  return refund ? <RefundDesk refund={refund} /> : null;
}

export default function AdminRefundsRefund({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <SupportDeskStyles />
      <RefundDeskStyles />
      <Desk refundId={loaderData.refundId} />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
