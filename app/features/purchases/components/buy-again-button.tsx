import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import type { RepeatResult } from "#contract/after-sale.ts";
import { buyAgain, repeatToast } from "../api.ts";

function newKey(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return `repeat-${crypto.randomUUID()}`;
  return `repeat-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * «Купить снова»: the order's lines (or one received product) back into the basket by the basket's rules.
 * A toast says what went in, what did not and leads to the basket; what did not stays written under the
 * button, since a toast leaves after three seconds.
 */
export function BuyAgainButton({
  what,
  variant = "secondary",
  label = "Купить снова",
  className,
}: {
  what: { orderId: number } | { productId: number };
  variant?: "primary" | "secondary";
  label?: string;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<RepeatResult>();
  const onClick = async () => {
    try {
      const answer = await buyAgain(queryClient, what, newKey());
      setResult(answer);
      repeatToast(answer);
    } catch (error) {
      showToast({
        type: "error",
        group: "repeat",
        title: "Не удалось добавить в корзину",
        text:
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : "Попробуйте ещё раз",
      });
    }
  };
  return (
    <div className={className ? `buy-again ${className}` : "buy-again"}>
      <Button variant={variant} onClick={onClick}>
        {label}
      </Button>
      {result && result.skipped.length > 0 ? (
        <p className="buy-again__note" role="status">
          {result.added.length > 0 ? "Не добавлены: " : "Не добавлено: "}
          {result.skipped.map((s) => `«${s.name}» — ${s.reasonText}`).join("; ")}
        </p>
      ) : null}
    </div>
  );
}
