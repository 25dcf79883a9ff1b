import { createClusters, type MapMarker, markerElement } from "./clusters.ts";
import type { MapOptions, MapPoint, MapView } from "./map-types.ts";

// Yandex Maps JS API v3 (spec: ru_RU, v3, a key required), used when YANDEX_MAPS_API_KEY is set (ADR 039).
// The loader script is added by our own (nonced) code, which the page CSP's 'strict-dynamic' trusts.

/* biome-ignore-start lint/suspicious/noExplicitAny: the API's globals are untyped here (no @yandex/ymaps3-types in the bundle) */
type YMaps3 = any;
/* biome-ignore-end lint/suspicious/noExplicitAny: above */

declare global {
  interface Window {
    ymaps3?: YMaps3;
  }
}

let loading: Promise<YMaps3> | undefined;

/** Loads the API once per page; a failed load (bad key, blocked, offline) rejects and may be tried again. */
export function loadYandexMaps(apiKey: string): Promise<YMaps3> {
  if (window.ymaps3) return window.ymaps3.ready.then(() => window.ymaps3);
  loading ??= new Promise<YMaps3>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://api-maps.yandex.ru/v3/?apikey=${encodeURIComponent(apiKey)}&lang=ru_RU`;
    script.async = true;
    script.onload = () => {
      if (!window.ymaps3) {
        reject(new Error("Yandex Maps did not start"));
        return;
      }
      window.ymaps3.ready.then(() => resolve(window.ymaps3), reject);
    };
    script.onerror = () => reject(new Error("Yandex Maps failed to load"));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const POINT_ZOOM = 16;

export async function createYandexMap(
  container: HTMLElement,
  apiKey: string,
  options: MapOptions,
): Promise<MapView> {
  const ymaps3 = await loadYandexMaps(apiKey);
  const { YMap, YMapDefaultSchemeLayer, YMapDefaultFeaturesLayer, YMapMarker, YMapListener } = ymaps3;
  let zoom = 12;
  let bounds: [[number, number], [number, number]] | undefined;
  const map = new YMap(container, {
    location: { center: [options.center.longitude, options.center.latitude], zoom },
  });
  map.addChild(new YMapDefaultSchemeLayer({}));
  map.addChild(new YMapDefaultFeaturesLayer({}));

  let points: MapPoint[] = options.points;
  let selectedId = options.selectedId;
  let clusters = createClusters(points);
  // biome-ignore lint/suspicious/noExplicitAny: the API's marker objects.
  let drawn: any[] = [];

  const draw = () => {
    for (const marker of drawn) map.removeChild(marker);
    drawn = [];
    const box = bounds ?? [
      [-180, -85],
      [180, 85],
    ];
    const bbox: [number, number, number, number] = [
      box[0][0],
      Math.min(box[0][1], box[1][1]),
      box[1][0],
      Math.max(box[0][1], box[1][1]),
    ];
    for (const marker of clusters.markers(bbox, zoom)) {
      const element = markerElement(marker, selectedId, () => activate(marker));
      const child = new YMapMarker({ coordinates: [marker.longitude, marker.latitude] }, element);
      map.addChild(child);
      drawn.push(child);
    }
  };

  const activate = (marker: MapMarker) => {
    if (marker.type === "cluster") {
      map.update({
        location: { center: [marker.longitude, marker.latitude], zoom: marker.expansionZoom, duration: 300 },
      });
    } else {
      options.onSelect(marker.point.id);
    }
  };

  map.addChild(
    new YMapListener({
      onUpdate: ({
        location,
      }: {
        location: { zoom: number; bounds: [[number, number], [number, number]] };
      }) => {
        zoom = location.zoom;
        bounds = location.bounds;
        draw();
      },
    }),
  );
  draw();

  return {
    setPoints(next) {
      points = next;
      clusters = createClusters(points);
      draw();
    },
    select(id, zoomTo) {
      selectedId = id;
      const point = points.find((p) => p.id === id);
      if (zoomTo && point) {
        map.update({
          location: { center: [point.longitude, point.latitude], zoom: Math.max(zoom, POINT_ZOOM) },
        });
      }
      draw();
    },
    destroy() {
      map.destroy();
    },
  };
}
