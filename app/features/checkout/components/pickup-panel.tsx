import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "#app/ui/button.tsx";
import { cx } from "#app/ui/class-names.ts";
import type { PickupPointSummary } from "#contract/delivery.ts";
import { PICKUP_POINT_KIND_LABELS } from "#contract/delivery-rules.ts";
import { filtersQuery, type PointsFilter, pointQuery, pointsQuery, streetsQuery } from "../api.ts";
import type { MapPoint, MapStreet } from "./map/map-types.ts";
import { PickupMap } from "./map/pickup-map.tsx";

export interface PickupPanelProps {
  city: { id: number; name: string; latitude: number; longitude: number };
  sellerIds: string;
  /** The point of the shopper's selected pickup address. */
  chosenPointId: number | null;
  /** «Заберу отсюда»: saves the point as the selected pickup address. */
  onChoose: (pointId: number) => Promise<unknown>;
}

function titleOf(point: PickupPointSummary): string {
  return `${point.provider}, ${point.address}`;
}

/**
 * Pickup: the city's points the basket's sellers ship to, filtered, in a list (always usable) and on a
 * map (when it loads). Choosing a point in either opens its card; «Заберу отсюда» saves it.
 */
export function PickupPanel({ city, sellerIds, chosenPointId, onChoose }: PickupPanelProps) {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<PointsFilter>({});
  const [openId, setOpenId] = useState<number | null>(chosenPointId);
  const [focusRequest, setFocusRequest] = useState(0);
  const filters = useQuery(filtersQuery(city.id, sellerIds));
  const points = useQuery(pointsQuery(city.id, sellerIds, filter));
  const items = points.data?.items ?? [];
  const mapPoints = useMemo<MapPoint[]>(
    () =>
      items.map((p) => ({
        id: p.id,
        latitude: p.latitude,
        longitude: p.longitude,
        title: titleOf(p),
        kind: p.kind,
      })),
    [items],
  );
  const center = useMemo(
    () => ({ latitude: city.latitude, longitude: city.longitude }),
    [city.latitude, city.longitude],
  );
  const loadStreets = useCallback(
    async (): Promise<MapStreet[]> => (await queryClient.fetchQuery(streetsQuery(city.id))).streets,
    [queryClient, city.id],
  );
  // A marker chosen on the map sends the keyboard to the card's heading once the card is drawn.
  const [focusCard, setFocusCard] = useState(false);

  const openFromList = (id: number) => {
    setOpenId(id);
    setFocusRequest((n) => n + 1);
  };
  const openFromMap = (id: number) => {
    setOpenId(id);
    // The card is where the keyboard goes next: its heading takes focus, «Заберу отсюда» is a Tab away.
    setFocusCard(true);
  };

  const toggleProvider = (value: string, on: boolean) =>
    setFilter((f) => {
      const provider = new Set(f.provider ?? []);
      if (on) provider.add(value);
      else provider.delete(value);
      return { ...f, provider: [...provider] };
    });

  return (
    <div className="co-pickup">
      <fieldset className="co-fieldset co-filters">
        <legend className="co-fieldset__legend">Фильтры</legend>
        <div className="co-filters__row">
          {(filters.data?.providers ?? []).map((option) => (
            <label
              key={option.value}
              className={cx("co-filter", filter.provider?.includes(option.value) && "co-filter--on")}
            >
              <input
                type="checkbox"
                checked={filter.provider?.includes(option.value) ?? false}
                onChange={(e) => toggleProvider(option.value, e.target.checked)}
              />
              {option.label}
              <span className="co-filter__count">{option.count}</span>
            </label>
          ))}
        </div>
        <div className="co-filters__row">
          {(["point", "parcel_locker"] as const).map((kind) => (
            <label key={kind} className={cx("co-filter", filter.kind === kind && "co-filter--on")}>
              <input
                type="checkbox"
                checked={filter.kind === kind}
                onChange={(e) => setFilter((f) => ({ ...f, kind: e.target.checked ? kind : undefined }))}
              />
              {kind === "point" ? "Пункты выдачи" : "Постаматы"}
            </label>
          ))}
          <label className={cx("co-filter", filter.fittingRoom && "co-filter--on")}>
            <input
              type="checkbox"
              checked={filter.fittingRoom ?? false}
              onChange={(e) => setFilter((f) => ({ ...f, fittingRoom: e.target.checked || undefined }))}
            />
            С примерочной
          </label>
          <label className={cx("co-filter", filter.cardPayment && "co-filter--on")}>
            <input
              type="checkbox"
              checked={filter.cardPayment ?? false}
              onChange={(e) => setFilter((f) => ({ ...f, cardPayment: e.target.checked || undefined }))}
            />
            Оплата картой
          </label>
        </div>
      </fieldset>

      <div className="co-pickup__body">
        <div className="co-pickup__map">
          <PickupMap
            center={center}
            points={mapPoints}
            selectedId={openId}
            focusRequest={focusRequest}
            onSelect={openFromMap}
            loadStreets={loadStreets}
          />
        </div>
        <div className="co-pickup__side">
          {openId !== null ? (
            <PointCard
              id={openId}
              chosen={openId === chosenPointId}
              onChoose={onChoose}
              onClose={() => setOpenId(null)}
              focus={focusCard}
              onFocused={() => setFocusCard(false)}
            />
          ) : null}
          <p className="co-muted" role="status" aria-live="polite">
            {points.isPending
              ? "Загружаем пункты выдачи…"
              : points.isError
                ? ""
                : `Найдено пунктов: ${items.length}`}
          </p>
          {points.isError ? (
            <p className="co-error" role="alert">
              Не удалось загрузить пункты выдачи.{" "}
              <button type="button" className="co-link" onClick={() => void points.refetch()}>
                Повторить
              </button>
            </p>
          ) : null}
          <ul className="co-points" aria-label="Пункты выдачи">
            {items.map((point) => (
              <li key={point.id}>
                <button
                  type="button"
                  className={cx(
                    "co-point",
                    point.id === openId && "co-point--open",
                    point.id === chosenPointId && "co-point--chosen",
                  )}
                  aria-pressed={point.id === openId}
                  onClick={() => openFromList(point.id)}
                >
                  <span className="co-point__provider">
                    {point.provider} · {PICKUP_POINT_KIND_LABELS[point.kind]}
                    {point.id === chosenPointId ? (
                      <span className="ui-badge co-point__badge">Выбран</span>
                    ) : null}
                  </span>
                  <span className="co-point__address">{point.address}</span>
                  <span className="co-point__hours">{point.hours}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

function PointCard({
  id,
  chosen,
  onChoose,
  onClose,
  focus,
  onFocused,
}: {
  id: number;
  chosen: boolean;
  onChoose: (pointId: number) => Promise<unknown>;
  onClose: () => void;
  /** Move focus to the heading as soon as the card is there. */
  focus: boolean;
  onFocused: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // «Открыто до 21:00» is the server's one rule (in the city's time); asked again each minute the card is open.
  const card = useQuery({ ...pointQuery(id), refetchInterval: 60_000 });
  const drawn = card.data?.id === id;
  useEffect(() => {
    if (!focus || !drawn) return;
    heading.current?.focus();
    onFocused();
  }, [focus, drawn, onFocused]);
  if (!card.data) {
    return (
      <section className="co-point-card" aria-busy="true" aria-label="Пункт выдачи">
        <p className="co-muted">{card.isError ? "Не удалось загрузить пункт выдачи" : "Загружаем…"}</p>
      </section>
    );
  }
  const point = card.data;
  const open = { open: point.openNow, text: point.openNowText };
  return (
    <section className="co-point-card" aria-labelledby={`co-point-${point.id}`}>
      <div className="co-point-card__head">
        <h3 className="co-point-card__title" id={`co-point-${point.id}`} tabIndex={-1} ref={heading}>
          {point.provider}: {PICKUP_POINT_KIND_LABELS[point.kind].toLowerCase()}
        </h3>
        <button
          type="button"
          className="co-point-card__close"
          aria-label="Закрыть карточку пункта"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <p className="co-point-card__address">{point.address}</p>
      <p
        className={cx(
          "co-point-card__open",
          open.open ? "co-point-card__open--yes" : "co-point-card__open--no",
        )}
      >
        {open.text}
      </p>
      <dl className="co-point-card__facts">
        <div>
          <dt>Часы работы</dt>
          <dd>
            <ul className="co-point-card__week">
              {point.schedule.map((day) => (
                <li key={day.weekday}>
                  <span>{day.label}</span>{" "}
                  <span>{day.hours ? `${day.hours.opens}–${day.hours.closes}` : "выходной"}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>Срок хранения</dt>
          <dd>{point.storageDays} дн.</dd>
        </div>
        <div>
          <dt>Оплата</dt>
          <dd>
            {[point.cardPayment ? "картой" : "", point.cashPayment ? "наличными" : ""]
              .filter(Boolean)
              .join(", ") || "только онлайн"}
          </dd>
        </div>
        {point.fittingRoom ? (
          <div>
            <dt>Примерочная</dt>
            <dd>есть</dd>
          </div>
        ) : null}
        {point.howToFind ? (
          <div>
            <dt>Как найти</dt>
            <dd>{point.howToFind}</dd>
          </div>
        ) : null}
      </dl>
      {chosen ? (
        <p className="co-point-card__chosen" role="status">
          Заказ приедет сюда
        </p>
      ) : (
        <Button fullWidth onClick={() => onChoose(point.id)}>
          Заберу отсюда
        </Button>
      )}
    </section>
  );
}
