import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { loadOptionalChunk } from "#app/lib/deploy/chunk-reload.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import type { MapPoint, MapStatus, MapStreet, MapView } from "./map-types.ts";

export interface PickupMapProps {
  center: { latitude: number; longitude: number };
  points: MapPoint[];
  selectedId: number | null;
  /** Bumped by a click in the list: the map zooms to the chosen point. */
  focusRequest: number;
  onSelect: (id: number) => void;
  loadStreets: () => Promise<MapStreet[]>;
}

/** The engines' chunks: a failed load is the map's error status, not a reason to reload the page. */
const MAP_CHUNKS = /(?:leaflet|yandex)-map/;

const STATUS_TEXT: Record<MapStatus, string> = {
  pending: "",
  loading: "Загружаем карту…",
  loaded: "",
  error: "Карта не загрузилась. Выберите пункт выдачи из списка",
};

/**
 * The pickup map: Yandex Maps with a key, else Leaflet (ADR 039). Its engine is a chunk of its own,
 * imported only here after the component mounts, so no page's first load carries it, the delivery step's
 * included. The loader status follows the spec (pending → loading → loaded | error); on error the list
 * beside it still does everything.
 */
export function PickupMap({
  center,
  points,
  selectedId,
  focusRequest,
  onSelect,
  loadStreets,
}: PickupMapProps) {
  const config = useRouteLoaderData<typeof rootLoader>("root")?.config;
  const yandexApiKey = config?.map?.yandexApiKey ?? null;
  const tilesUrl = config?.map?.tilesUrl ?? null;
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<MapView | null>(null);
  const [status, setStatus] = useState<MapStatus>("pending");
  // The latest props for the engine's callbacks, without re-creating the map.
  const latest = useRef({ points, selectedId, onSelect, loadStreets });
  latest.current = { points, selectedId, onSelect, loadStreets };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once per city centre; points and selection reach it below.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    setStatus("loading");
    const options = {
      center,
      points: latest.current.points,
      selectedId: latest.current.selectedId,
      onSelect: (id: number) => latest.current.onSelect(id),
    };
    const start = yandexApiKey
      ? loadOptionalChunk(MAP_CHUNKS, () => import("./yandex-map.ts")).then((m) =>
          m.createYandexMap(element, yandexApiKey, options),
        )
      : loadOptionalChunk(MAP_CHUNKS, () => import("./leaflet-map.ts")).then((m) =>
          m.createLeafletMap(element, {
            ...options,
            tilesUrl,
            loadStreets: () => latest.current.loadStreets(),
          }),
        );
    start.then(
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
  }, [center.latitude, center.longitude, yandexApiKey, tilesUrl]);

  useEffect(() => {
    if (status === "loaded") view.current?.setPoints(points);
  }, [points, status]);

  useEffect(() => {
    if (status === "loaded") view.current?.select(selectedId, false);
  }, [selectedId, status]);

  useEffect(() => {
    if (status === "loaded" && focusRequest > 0) view.current?.select(latest.current.selectedId, true);
  }, [focusRequest, status]);

  return (
    <div className="co-map" data-status={status} data-testid="pickup-map">
      <div ref={container} className="co-map__canvas" />
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
