import { z } from "zod";
import { idParam } from "#contract/id-param.ts";

export const cityIdParamsSchema = z.object({
  id: idParam("Идентификатор города должен быть целым положительным числом"),
});
