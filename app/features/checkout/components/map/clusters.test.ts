import { describe, expect, it } from "vitest";
import { CLUSTER_SIZE, clusterLabel, createClusters } from "./clusters.ts";
import type { MapPoint } from "./map-types.ts";

/** A point's pixel position at `zoom` on 256-pixel tiles (Web Mercator, as Leaflet and Yandex draw it). */
function pixel(latitude: number, longitude: number, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return [((longitude + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

/** 300 pickup points spread over Moscow, the same every run (a linear congruential sequence). */
function moscowPoints(): MapPoint[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: 300 }, (_, id) => ({
    id,
    latitude: 55.55 + next() * 0.35,
    longitude: 37.3 + next() * 0.6,
    title: `Пункт ${id}`,
    kind: "point" as const,
  }));
}

describe("pickup map clusters", () => {
  it("never draw two markers over each other while points are clustered (zoom 9 to 16)", () => {
    const clusters = createClusters(moscowPoints());
    for (let zoom = 9; zoom <= 16; zoom += 1) {
      const centres = clusters
        .markers([-180, -85, 180, 85], zoom)
        .map((marker) => pixel(marker.latitude, marker.longitude, zoom));
      let closest = Number.POSITIVE_INFINITY;
      for (let a = 0; a < centres.length; a += 1)
        for (let b = a + 1; b < centres.length; b += 1)
          closest = Math.min(
            closest,
            Math.hypot(centres[a]![0] - centres[b]![0], centres[a]![1] - centres[b]![1]),
          );
      expect(closest, `zoom ${zoom}`).toBeGreaterThanOrEqual(CLUSTER_SIZE);
    }
  });

  it("name a cluster by its count", () => {
    expect(clusterLabel(12)).toBe("12 пунктов выдачи — приблизить");
    expect(clusterLabel(2)).toBe("2 пункта выдачи — приблизить");
  });
});
