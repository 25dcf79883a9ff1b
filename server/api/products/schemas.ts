import { z } from "zod";

export const productIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: "Идентификатор товара должен быть числом" })
    .int()
    .positive()
    .max(2_147_483_647),
});
