import type { GuidResponse, OptionsResponse } from "#contract/reference.ts";
import type { ReferenceRepository } from "./repository.ts";

export function createReferenceService(repository: ReferenceRepository) {
  return {
    async dictionary(): Promise<GuidResponse> {
      return { items: await repository.listDictionary() };
    },
    async options(): Promise<OptionsResponse> {
      return { items: await repository.listOptions() };
    },
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
