import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "#contract/config.ts";
import type { loader as rootLoader } from "../root.tsx";

export type FeatureName = keyof PublicConfig["features"];

/** Whether a feature flag of the public config (GET /api/config, loaded by the root route) is on. */
export function useFeature(name: FeatureName): boolean {
  return useRouteLoaderData<typeof rootLoader>("root")?.config.features[name] ?? false;
}
