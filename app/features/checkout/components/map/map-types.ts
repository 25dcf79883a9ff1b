/** What the pickup map draws and reports (both engines: Leaflet and Yandex Maps), ADR 039. */

export interface MapPoint {
  id: number;
  latitude: number;
  longitude: number;
  /** The marker's accessible name: «СДЭК, ул Ленина, д 12». */
  title: string;
  /** Parcel lockers are drawn in another shape. */
  kind: "point" | "parcel_locker";
}

/** One generated street of the city's basemap: its name and its line, as [latitude, longitude] pairs. */
export interface MapStreet {
  name: string;
  points: [number, number][];
}

export interface MapOptions {
  center: { latitude: number; longitude: number };
  points: MapPoint[];
  selectedId: number | null;
  /** A marker chosen by click, Enter or Space. */
  onSelect: (id: number) => void;
}

/** A drawn map: the page tells it what changed; it never owns the list's state. */
export interface MapView {
  setPoints(points: MapPoint[]): void;
  /** Marks the chosen point; `zoom` also brings it into view, close (a click in the list). */
  select(id: number | null, zoom: boolean): void;
  destroy(): void;
}

/** The spec's map loader status. */
export type MapStatus = "pending" | "loading" | "loaded" | "error";
