import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { cityListQuery, currentCityQuery } from "#app/features/city/api.ts";
import { CitySearch } from "#app/features/city/components/city-search.tsx";
import { safeReturnTo } from "#app/features/city/return-to.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { NO_PROMO_STRIP, type RouteHandle } from "#app/lib/route-meta.ts";
import { PinIcon } from "#app/ui/icons.tsx";
import type { Route } from "./+types/select-city";

export const handle: RouteHandle = { cache: "personal", ...NO_PROMO_STRIP };

export const meta: Route.MetaFunction = () => [
  { title: "Выбор города — Витрина" },
  {
    name: "description",
    content: "Выберите город, чтобы видеть сроки и стоимость доставки и пункты выдачи рядом с вами.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  // Both are awaited: the page paints with the current city and the popular cities, without a spinner.
  const queryClient = loaderQueries(context);
  const api = serverApi(context);
  await Promise.all([
    queryClient.ensureQueryData(currentCityQuery(api)),
    queryClient.ensureQueryData(cityListQuery(api)),
  ]);
  return { dehydratedState: queryClient.dehydrate() };
}

function SelectCityContent() {
  const { data: current } = useQuery(currentCityQuery());
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get("returnTo"));
  return (
    <div className="city-page">
      <h1 className="page-title city-page__title">Выберите город</h1>
      {current ? (
        <p className="city-page__current">
          <PinIcon size={20} className="city-page__current-icon" />
          <span>
            {current.confirmed ? "Ваш город: " : "Сейчас: "}
            <strong>{current.city.name}</strong>
            {current.city.region === current.city.name ? "" : `, ${current.city.region}`}
            {current.confirmed ? null : (
              <span className="city-page__current-note"> — город выбран автоматически</span>
            )}
          </span>
        </p>
      ) : null}
      <p className="city-page__hint">От города зависят сроки и стоимость доставки и пункты выдачи.</p>
      <CitySearch returnTo={returnTo} currentCityId={current?.city.id} />
    </div>
  );
}

export default function SelectCity({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <SelectCityContent />
    </PageDataBoundary>
  );
}
