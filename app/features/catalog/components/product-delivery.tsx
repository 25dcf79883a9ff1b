import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { cityKeys, selectCityHref } from "#app/features/city/index.ts";
import { useCachedQueryData } from "#app/lib/cached-query-data.ts";
import { PinIcon } from "#app/ui/icons.tsx";
import { DELIVERY_PRICE, FREE_DELIVERY_FROM } from "#contract/basket-rules.ts";
import type { ProductDetail } from "#contract/catalog.ts";
import { deliveryDate, deliveryDayWords, localDateTime } from "#contract/delivery-dates.ts";
import { formatRub } from "#contract/format.ts";
import type { City, CurrentCity } from "#contract/geo.ts";
import { useDeliveryHour } from "./delivery-promise.tsx";

const cityOf = (data: CurrentCity | undefined) => data?.city;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The product page's delivery block (ADR 065): when and for how much a courier brings it and when it is
 * at a pickup point, in the shopper's city, which can be changed right here. The dates are the shop
 * window's rule (contract/delivery-dates.ts, ADR 036) and the prices the basket's
 * (contract/basket-rules.ts): the courier's price per seller's shipment, free from its threshold; pickup
 * free. Rendered like «Доставим завтра»: the server with its hour, the browser puts a kept page right.
 */
export function ProductDelivery({
  product,
}: {
  product: Pick<ProductDetail, "dispatch" | "state" | "price">;
}) {
  const city = useCachedQueryData<CurrentCity, City | undefined>(cityKeys.current(), cityOf);
  const hour = useDeliveryHour();
  const location = useLocation();
  const at = new Date(hour);
  const date =
    product.dispatch && city && product.state === "in_stock"
      ? deliveryDate({ warehouse: product.dispatch, cutoffHour: product.dispatch.cutoffHour }, city, at)
      : null;
  const when =
    date && city ? capitalise(deliveryDayWords(date, localDateTime(at, city.timezone).date)) : null;
  // As DeliveryPromise does: a page kept across a cut-off hydrates with the server's words, then ours.
  const element = useRef<HTMLDListElement>(null);
  const [stale, setStale] = useState(false);
  useEffect(() => {
    const shown = element.current?.querySelector("[data-when]")?.textContent;
    if (when && shown !== undefined && shown !== when) setStale(true);
  }, [when]);

  if (!city || !when) return null;
  const freeCourier = product.price >= FREE_DELIVERY_FROM;
  return (
    <section className="delivery-box" aria-labelledby="delivery-box-title">
      <div className="delivery-box__head">
        <h2 id="delivery-box-title" className="delivery-box__title">
          Доставка
        </h2>
        <Link
          to={selectCityHref(location)}
          className="delivery-box__city"
          aria-label={`Город доставки: ${city.name}. Изменить`}
        >
          <PinIcon size={16} />
          <span>{city.name}</span>
        </Link>
      </div>
      <dl className="delivery-box__ways" ref={element} key={stale ? "browser" : "server"}>
        <div className="delivery-box__way">
          <dt>Курьером</dt>
          <dd>
            <span data-when suppressHydrationWarning>
              {when}
            </span>
            <span className="delivery-box__price">
              {freeCourier ? "бесплатно" : formatRub(DELIVERY_PRICE)}
            </span>
            {freeCourier ? null : (
              <span className="delivery-box__note">бесплатно от {formatRub(FREE_DELIVERY_FROM)}</span>
            )}
          </dd>
        </div>
        <div className="delivery-box__way">
          <dt>В пункт выдачи</dt>
          <dd>
            <span suppressHydrationWarning>{when}</span>
            <span className="delivery-box__price">бесплатно</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
