import Supercluster from "supercluster";
import { formatCount } from "#contract/format.ts";
import type { MapPoint } from "./map-types.ts";

/** A marker to draw: one point, or a cluster of several with its count and the zoom that splits it. */
export type MapMarker =
  | { type: "point"; point: MapPoint; latitude: number; longitude: number }
  | {
      type: "cluster";
      id: number;
      count: number;
      latitude: number;
      longitude: number;
      expansionZoom: number;
    };

/**
 * Clusters for both map engines (supercluster: no global `L`, no engine plugin), so Leaflet and Yandex
 * group the same points the same way and their markers are our own focusable buttons.
 */
export function createClusters(points: readonly MapPoint[]) {
  // Both engines draw 256-pixel tiles, so `extent: 256` makes the radius screen pixels (supercluster's
  // default of 512 halved it to 28 px and let 40-pixel clusters cover each other: Lighthouse's touch-target
  // audit on the delivery step). 64 px keeps markers apart by more than a cluster's size.
  const index = new Supercluster<{ point: MapPoint }>({ radius: 64, extent: 256, maxZoom: 16 });
  index.load(
    points.map((point) => ({
      type: "Feature" as const,
      properties: { point },
      geometry: { type: "Point" as const, coordinates: [point.longitude, point.latitude] },
    })),
  );
  return {
    markers(bbox: [number, number, number, number], zoom: number): MapMarker[] {
      return index.getClusters(bbox, Math.round(zoom)).map((feature) => {
        const [longitude = 0, latitude = 0] = feature.geometry.coordinates;
        const props = feature.properties as {
          point?: MapPoint;
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
        };
        if (props.cluster && props.cluster_id !== undefined) {
          return {
            type: "cluster",
            id: props.cluster_id,
            count: props.point_count ?? 0,
            latitude,
            longitude,
            expansionZoom: Math.min(index.getClusterExpansionZoom(props.cluster_id), 18),
          };
        }
        return { type: "point", point: props.point as MapPoint, latitude, longitude };
      });
    },
  };
}

/** A cluster's marker, a circle of this many pixels across; a point's pin is 32. */
export const CLUSTER_SIZE = 40;

/** «12 пунктов выдачи»: a cluster button's name. */
export function clusterLabel(count: number): string {
  return `${formatCount(count, "пункт", "пункта", "пунктов")} выдачи — приблизить`;
}

/**
 * The marker element both engines draw: a button (focusable, Enter and Space choose it, visible focus),
 * named by the point's address, pressed when it is the chosen one.
 */
export function markerElement(
  marker: MapMarker,
  selectedId: number | null,
  onActivate: () => void,
): HTMLElement {
  const button = document.createElement("button");
  button.type = "button";
  if (marker.type === "cluster") {
    button.className = "co-map-cluster";
    button.textContent = String(marker.count);
    button.setAttribute("aria-label", clusterLabel(marker.count));
  } else {
    const selected = marker.point.id === selectedId;
    button.className = `co-map-pin co-map-pin--${marker.point.kind}${selected ? " co-map-pin--selected" : ""}`;
    button.setAttribute("aria-label", marker.point.title);
    button.setAttribute("aria-pressed", String(selected));
    button.dataset.pointId = String(marker.point.id);
  }
  // The engines listen for pointer events on their panes; a click here must not also pan the map.
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    onActivate();
  });
  return button;
}
