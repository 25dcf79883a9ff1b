import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { loadOptionalChunk } from "#app/lib/deploy/chunk-reload.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import type { PointPickerView } from "./leaflet-map.ts";
import type { MapStatus, MapStreet } from "./map-types.ts";

const MAP_CHUNKS = /leaflet-map/;

const STATUS_TEXT: Record<MapStatus, string> = {
  pending: "",
  loading: "Загружаем карту…",
  loaded: "",
  error: "Карта не загрузилась. Введите адрес в поле выше",
};

export interface PointMapProps {
  /** Where the map opens: the chosen address, else the city's centre. */
  center: { latitude: number; longitude: number };
  /** A point to bring under the pin (a suggestion chosen); the shopper's own moves are not echoed. */
  focus: { latitude: number; longitude: number } | null;
  onMove: (latitude: number, longitude: number) => void;
  loadStreets: () => Promise<MapStreet[]>;
}

/**
 * The courier's point on a map (ADR 064): the shopper moves the map under a pin fixed at its centre (a
 * drag, a click, the arrow keys), and the place under it is the delivery point, whether or not the street
 * register knows a house there. Leaflet over MAP_TILES_URL or the generated basemap, loaded as its own
 * chunk after mounting, with the spec's loader statuses.
 */
export function PointMap({ center, focus, onMove, loadStreets }: PointMapProps) {
  const config = useRouteLoaderData<typeof rootLoader>("root")?.config;
  const tilesUrl = config?.map?.tilesUrl ?? null;
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<PointPickerView | null>(null);
  const [status, setStatus] = useState<MapStatus>("pending");
  const latest = useRef({ onMove, loadStreets });
  latest.current = { onMove, loadStreets };

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per opening; `focus` moves it below.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    setStatus("loading");
    loadOptionalChunk(MAP_CHUNKS, () => import("./leaflet-map.ts"))
      .then((m) =>
        m.createLeafletPointPicker(element, {
          center: focus ?? center,
          tilesUrl,
          loadStreets: () => latest.current.loadStreets(),
          onMove: (lat, lon) => latest.current.onMove(lat, lon),
        }),
      )
      .then(
        (made) => {
          if (cancelled) {
            made.destroy();
            return;
          }
          view.current = made;
          setStatus("loaded");
        },
        () => {
          if (!cancelled) setStatus("error");
        },
      );
    return () => {
      cancelled = true;
      view.current?.destroy();
      view.current = null;
    };
  }, [tilesUrl]);

  useEffect(() => {
    if (status === "loaded" && focus) view.current?.moveTo(focus.latitude, focus.longitude);
  }, [focus, status]);

  return (
    <div className="co-map co-point-map" data-status={status} data-testid="point-map">
      <div ref={container} className="co-map__canvas" />
      {status === "loaded" ? (
        <svg className="co-point-map__pin" viewBox="0 0 32 44" width="32" height="44" aria-hidden="true">
          <path d="M16 43C16 43 2 26.5 2 16a14 14 0 1 1 28 0C30 26.5 16 43 16 43Z" />
          <circle cx="16" cy="16" r="5.5" />
        </svg>
      ) : null}
      {STATUS_TEXT[status] ? (
        <p
          className={`co-map__status co-map__status--${status}`}
          role={status === "error" ? "alert" : "status"}
        >
          {STATUS_TEXT[status]}
        </p>
      ) : null}
    </div>
  );
}
