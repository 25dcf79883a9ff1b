import { z } from "zod";
import { idParam } from "#contract/id-param.ts";

export const productIdParamsSchema = z.object({
  id: idParam("Идентификатор товара должен быть целым положительным числом"),
});
