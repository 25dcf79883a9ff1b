import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { CLUSTER_SIZE, createClusters, type MapMarker, markerElement } from "./clusters.ts";
import type { MapOptions, MapPoint, MapStreet, MapView } from "./map-types.ts";

// Leaflet, loaded only by the pickup map's own chunk (ADR 039): never in a page's first load.

export interface LeafletOptions extends MapOptions {
  /** `{z}/{x}/{y}` tiles (MAP_TILES_URL); without them the generated basemap of the city's streets. */
  tilesUrl: string | null;
  /** The city's generated streets, for the basemap (asked for only when there are no tiles). */
  loadStreets: () => Promise<MapStreet[]>;
}

const POINT_ZOOM = 16;
/** Street names appear from this zoom: below it they would cover each other. */
const LABEL_ZOOM = 15;

export function createLeafletMap(container: HTMLElement, options: LeafletOptions): MapView {
  const map = L.map(container, {
    center: [options.center.latitude, options.center.longitude],
    zoom: 12,
    minZoom: 10,
    maxZoom: 18,
    zoomControl: true,
    attributionControl: Boolean(options.tilesUrl),
    // Keyboard panning and zooming with the arrow keys and +/- once the map has focus.
    keyboard: true,
  });
  map.getContainer().setAttribute("aria-label", "Карта пунктов выдачи");
  map.getContainer().setAttribute("role", "region");

  if (options.tilesUrl) {
    L.tileLayer(options.tilesUrl, { maxZoom: 18, attribution: "© OpenStreetMap" }).addTo(map);
  } else {
    drawBasemap(map, options.loadStreets);
  }

  let points: MapPoint[] = options.points;
  let selectedId = options.selectedId;
  let clusters = createClusters(points);
  const layer = L.layerGroup().addTo(map);

  const draw = () => {
    layer.clearLayers();
    const bounds = map.getBounds();
    const bbox: [number, number, number, number] = [
      bounds.getWest(),
      bounds.getSouth(),
      bounds.getEast(),
      bounds.getNorth(),
    ];
    for (const marker of clusters.markers(bbox, map.getZoom())) {
      layer.addLayer(markerLayer(marker));
    }
  };

  const markerLayer = (marker: MapMarker) => {
    const element = markerElement(marker, selectedId, () => {
      if (marker.type === "cluster") {
        map.flyTo([marker.latitude, marker.longitude], marker.expansionZoom, { duration: 0.3 });
      } else {
        options.onSelect(marker.point.id);
      }
    });
    const size = marker.type === "cluster" ? CLUSTER_SIZE : 32;
    return L.marker([marker.latitude, marker.longitude], {
      // Our button is the marker: Leaflet must not add a tabindex and a role of its own around it.
      keyboard: false,
      icon: L.divIcon({
        html: element,
        className: "co-map-marker",
        iconSize: [size, size],
        iconAnchor: [size / 2, marker.type === "cluster" ? size / 2 : size],
      }),
      zIndexOffset: marker.type === "point" && marker.point.id === selectedId ? 1000 : 0,
    });
  };

  map.on("moveend zoomend", draw);
  fitPoints(map, points);
  draw();

  return {
    setPoints(next) {
      points = next;
      clusters = createClusters(points);
      fitPoints(map, points);
      draw();
    },
    select(id, zoom) {
      selectedId = id;
      const point = points.find((p) => p.id === id);
      if (zoom && point) {
        map.setView([point.latitude, point.longitude], Math.max(map.getZoom(), POINT_ZOOM), {
          animate: false,
        });
      }
      draw();
    },
    destroy() {
      map.remove();
    },
  };
}

function fitPoints(map: L.Map, points: readonly MapPoint[]) {
  if (points.length === 0) return;
  const bounds = L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number]));
  map.fitBounds(bounds.pad(0.1), { maxZoom: 15, animate: false });
}

/**
 * The generated basemap: the city's streets as lines on a plain ground, their names along them from
 * LABEL_ZOOM on (commerce.md: "the same streets carry the pickup points' addresses and draw the fallback
 * map"). Drawn on a canvas: hundreds of lines stay cheap to pan.
 */
function drawBasemap(map: L.Map, loadStreets: () => Promise<MapStreet[]>) {
  map.getContainer().classList.add("co-map--basemap");
  const renderer = L.canvas({ padding: 0.5 });
  const lines = L.layerGroup().addTo(map);
  const labels = L.layerGroup().addTo(map);
  /** Every label's place and text; only those in view are on the map (a city has thousands). */
  const places: { at: L.LatLng; name: string }[] = [];
  loadStreets()
    .then((streets) => {
      for (const street of streets) {
        if (street.points.length < 2) continue;
        L.polyline(street.points, {
          renderer,
          color: "#ffffff",
          weight: 6,
          opacity: 1,
          interactive: false,
        }).addTo(lines);
        L.polyline(street.points, {
          renderer,
          color: "#c9ced6",
          weight: 1,
          opacity: 1,
          interactive: false,
        }).addTo(lines);
        // A name every ~700 m along the street, so one is in view wherever the map is looked at closely.
        for (const at of labelPoints(street.points, 0.7))
          places.push({ at: L.latLng(at), name: street.name });
      }
      const show = () => {
        labels.clearLayers();
        if (map.getZoom() < LABEL_ZOOM) return;
        const view = map.getBounds().pad(0.3);
        for (const place of places) {
          if (!view.contains(place.at)) continue;
          labels.addLayer(
            L.tooltip({
              permanent: true,
              direction: "center",
              className: "co-map-street",
              interactive: false,
            })
              .setLatLng(place.at)
              .setContent(escapeText(place.name)),
          );
        }
      };
      map.on("moveend", show);
      show();
    })
    // Without streets the points still stand on the plain ground; the list says the rest.
    .catch(() => undefined);
}

/** Points spaced about `everyKm` along a line of [latitude, longitude] pairs, from half a step in. */
function labelPoints(line: [number, number][], everyKm: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 1; i < line.length; i += 1) {
    const [lat1, lon1] = line[i - 1] as [number, number];
    const [lat2, lon2] = line[i] as [number, number];
    const km = Math.hypot((lat2 - lat1) * 111.32, (lon2 - lon1) * 111.32 * Math.cos((lat1 * Math.PI) / 180));
    const count = Math.max(1, Math.floor(km / everyKm));
    for (let k = 0; k < count; k += 1) {
      const t = (k + 0.5) / count;
      out.push([lat1 + (lat2 - lat1) * t, lon1 + (lon2 - lon1) * t]);
    }
  }
  return out;
}

function escapeText(text: string): string {
  const span = document.createElement("span");
  span.textContent = text;
  return span.innerHTML;
}

/** The courier's point map (ADR 064): a pin fixed at the centre, the map moved under it. */
export interface PointPickerOptions {
  center: { latitude: number; longitude: number };
  tilesUrl: string | null;
  loadStreets: () => Promise<MapStreet[]>;
  /** Where the pin stands after the shopper moved the map (a drag, a click, the arrow keys). */
  onMove: (latitude: number, longitude: number) => void;
}

export interface PointPickerView {
  /** Brings a point under the pin (a suggestion chosen) without reporting it as the shopper's move. */
  moveTo(latitude: number, longitude: number): void;
  destroy(): void;
}

export function createLeafletPointPicker(
  container: HTMLElement,
  options: PointPickerOptions,
): PointPickerView {
  const map = L.map(container, {
    center: [options.center.latitude, options.center.longitude],
    // Close enough to tell the houses apart, with the streets' names shown (LABEL_ZOOM).
    zoom: LABEL_ZOOM + 1,
    minZoom: 10,
    maxZoom: 18,
    zoomControl: true,
    attributionControl: Boolean(options.tilesUrl),
    keyboard: true,
  });
  map.getContainer().setAttribute("aria-label", "Карта: точка доставки под меткой в центре");
  map.getContainer().setAttribute("role", "region");
  if (options.tilesUrl) {
    L.tileLayer(options.tilesUrl, { maxZoom: 18, attribution: "© OpenStreetMap" }).addTo(map);
  } else {
    drawBasemap(map, options.loadStreets);
  }
  let ours = false;
  // A click brings the clicked place under the pin, as a drag would.
  map.on("click", (event: L.LeafletMouseEvent) => map.panTo(event.latlng));
  map.on("moveend", () => {
    if (ours) {
      ours = false;
      return;
    }
    const at = map.getCenter();
    options.onMove(at.lat, at.lng);
  });
  return {
    moveTo(latitude, longitude) {
      const at = map.getCenter();
      if (Math.abs(at.lat - latitude) < 1e-7 && Math.abs(at.lng - longitude) < 1e-7) return;
      ours = true;
      map.setView([latitude, longitude], Math.max(map.getZoom(), POINT_ZOOM), { animate: false });
    },
    destroy() {
      map.remove();
    },
  };
}
