import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { appealsQuery } from "#app/features/support/api.ts";
import { AppealList } from "#app/features/support/components/appeal-list.tsx";
import { NewAppealForm } from "#app/features/support/components/new-appeal-form.tsx";
import { SupportContacts } from "#app/features/support/components/support-contacts.tsx";
import { SupportStyles } from "#app/features/support/support-styles.tsx";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { Button } from "#app/ui/button.tsx";
import type { Route } from "./+types/personal-support";

export const handle: RouteHandle = { cache: "personal" };

/** The shopper's appeals and «Написать в поддержку» (issue 21, point 3). */
export function loader(args: Route.LoaderArgs) {
  return loadPersonalPage(args, "Обращения в поддержку", async (queries, api) => {
    await queries.ensureQueryData(appealsQuery(api));
    return {};
  });
}

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

function Appeals({ title }: { title: string }) {
  const { data } = useQuery(appealsQuery());
  const [writing, setWriting] = useState(false);
  const items = data?.items ?? [];
  return (
    <section className="support-page">
      <div className="support-page__head">
        <h1 className="page-title">{title}</h1>
        {writing ? null : <Button onClick={() => setWriting(true)}>Написать в поддержку</Button>}
      </div>
      <div className="support-page__grid">
        <div className="support-page__main">
          {writing ? <NewAppealForm onCancel={() => setWriting(false)} /> : null}
          {items.length > 0 ? (
            <AppealList items={items} />
          ) : writing ? null : (
            <div className="empty-state">
              <p className="empty-state__title">Обращений пока нет</p>
              <p className="empty-state__text">
                Напишите нам, если с заказом что-то не так: ответим здесь и пришлём SMS, когда ответ будет
                готов.
              </p>
            </div>
          )}
        </div>
        <SupportContacts />
      </div>
    </section>
  );
}

export default function PersonalSupport({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <SupportStyles />
      <Appeals title={loaderData.seo.h1} />
    </PageDataBoundary>
  );
}
