import { imageSrc } from "#app/ui/picture.tsx";
import { plural } from "#contract/format.ts";

export interface ShipmentView {
  key: string;
  sellerName: string;
  /** «Доставим завтра», «Доставим 28 ноября». */
  dateText: string;
  lines: { productId: number; name: string; quantity: number; image: { url: string; alt: string } | null }[];
}

/** One block per seller: when it comes and what is in it (thumbnails with the quantity). */
export function Shipments({
  shipments,
  headingLevel = 2,
}: {
  shipments: ShipmentView[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="co-card" aria-labelledby="co-shipments-title">
      <Heading className="co-card__title" id="co-shipments-title">
        {shipments.length === 1
          ? "Отправление"
          : `${shipments.length} ${plural(shipments.length, "отправление", "отправления", "отправлений")}`}
      </Heading>
      <ul className="co-shipments">
        {shipments.map((shipment, index) => (
          <li key={shipment.key} className="co-shipment">
            <div className="co-shipment__head">
              <p className="co-shipment__date">{shipment.dateText}</p>
              <p className="co-shipment__seller">
                {shipments.length > 1 ? `Отправление ${index + 1} из ${shipments.length} · ` : ""}Продавец{" "}
                {shipment.sellerName}
              </p>
            </div>
            <ul className="co-shipment__items" aria-label={`Товары продавца ${shipment.sellerName}`}>
              {shipment.lines.map((line) => (
                <li key={line.productId} className="co-shipment__item">
                  {line.image ? (
                    <img
                      src={imageSrc(line.image.url, 240)}
                      alt={line.name}
                      width={64}
                      height={64}
                      loading="lazy"
                      className="co-shipment__img"
                    />
                  ) : (
                    <span
                      className="co-shipment__img co-shipment__img--empty"
                      role="img"
                      aria-label={line.name}
                    />
                  )}
                  {line.quantity > 1 ? (
                    <span className="co-shipment__qty">
                      <span aria-hidden="true">×{line.quantity}</span>
                      <span className="co-visually-hidden">{line.quantity} шт.</span>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
