import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useSignedInHint } from "#app/features/account/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { signInLocation } from "#app/lib/unauthorized.ts";
import { Button } from "#app/ui/button.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import type { StockAlert } from "#contract/questions.ts";
import { fetchStockAlert, questionKeys, setStockAlert } from "../api.ts";
import href from "../questions.css?url";

/** Where sign-in brings the shopper back to: this page, which then finishes the subscription. */
const RETURN_HASH = "#stock-alert";

const refusal = (error: unknown) =>
  error instanceof ApiError && error.body?.message
    ? error.body.message
    : "Не получилось. Попробуйте ещё раз через минуту";

/**
 * «Сообщить о поступлении» (issue 22, point 5; ADR 066): signed out, the press asks to sign in and comes
 * back here, where the subscription is made; waiting, «Сообщим о поступлении» with a way to cancel.
 */
export function StockAlertButton({ productId }: { productId: number }) {
  const hint = useSignedInHint();
  const queryClient = useQueryClient();
  const key = questionKeys.alert(productId, hint);
  const { data, isError } = useQuery({
    queryKey: key,
    queryFn: () => fetchStockAlert(productId),
    enabled: hint !== undefined,
    staleTime: 60_000,
    retry: false,
  });
  const [busy, setBusy] = useState(false);

  async function change(waiting: boolean) {
    setBusy(true);
    try {
      const next = await setStockAlert(productId, waiting);
      queryClient.setQueryData<StockAlert>(key, next);
      if (waiting) {
        showToast({
          type: "success",
          title: "Сообщим о поступлении",
          text: "Пришлём SMS, когда товар появится",
        });
      }
    } catch (error) {
      showToast({ type: "error", title: "Не получилось", text: refusal(error) });
    } finally {
      setBusy(false);
    }
  }

  // Back from sign-in: the press that sent the shopper there is finished here, once.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || hint === undefined || !data || window.location.hash !== RETURN_HASH) return;
    resumed.current = true;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${search}`);
    if (!data.waiting) void change(true);
  });

  function subscribe() {
    if (hint === undefined) {
      const { pathname, search } = window.location;
      const target = signInLocation({ pathname, search, hash: RETURN_HASH });
      if (target) window.location.assign(target);
      return;
    }
    return change(true);
  }

  return (
    <div className="stock-alert" data-testid="stock-alert">
      <link rel="stylesheet" href={href} precedence="page" />
      {data?.waiting ? (
        <div className="stock-alert__waiting">
          <p className="stock-alert__note" role="status">
            <span aria-hidden="true">✓</span> Сообщим о поступлении
          </p>
          <Button variant="ghost" onClick={() => change(false)} loading={busy}>
            Отменить
          </Button>
        </div>
      ) : (
        <Button
          fullWidth
          size="l"
          variant="secondary"
          onClick={subscribe}
          loading={busy}
          disabled={hint !== undefined && !data && !isError}
        >
          Сообщить о поступлении
        </Button>
      )}
    </div>
  );
}
