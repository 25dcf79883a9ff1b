import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { refundQuery } from "#app/features/refunds/api.ts";
import { RefundView } from "#app/features/refunds/components/refund-view.tsx";
import { RefundsStyles } from "#app/features/refunds/refunds-styles.tsx";
import { orNotFound, validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import type { Route } from "./+types/personal-refund";

export const handle: RouteHandle = { cache: "personal" };

const paramsSchema = z.object({ refundId: idParam("Page Not Found", 999_999_999_999) });

/**
 * One return request (ADR 059): the id must look like one (else the fatal 'Page Not Found: {path}');
 * another shopper's or none is the plain 404 'Page not found', the same for both.
 */
export function loader(args: Route.LoaderArgs) {
  const { refundId } = validateParams(paramsSchema, args.params, args.request);
  return loadPersonalPage(args, "Заявка на возврат", async (queries, api) => {
    await orNotFound(queries.ensureQueryData(refundQuery(refundId, api)));
    return { refundId };
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  personalPageMeta(data ? { ...data, seo: { ...data.seo, title: `Возврат № ${data.refundId}` } } : data);

function Refund({ id }: { id: number }) {
  const { data } = useQuery(refundQuery(id));
  return data ? <RefundView request={data} /> : null;
}

export default function PersonalRefund({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <RefundsStyles />
      <Refund id={loaderData.refundId} />
    </PageDataBoundary>
  );
}
