import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { getApi, unwrap } from "#app/lib/api-client.ts";
import { optionsQuery } from "#app/lib/reference.ts";
import { metaForMatches } from "#app/lib/route-meta.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { Button } from "#app/ui/button.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import {
  DECLINE_COOKIE,
  DELAY_OPTION,
  declineCookie,
  hasCookie,
  SESSION_FLAG,
  SHOW_OPTION,
  shouldShowImportModal,
} from "./import-modal-rules.ts";

/**
 * The `show-alfa-id-modal` middleware: offers to fill the profile from the bank's identity service on the
 * home page, the basket and the delivery step. Declining keeps it away for the delay option's hours.
 */
export function ImportProfileModal() {
  const featureOn = useRouteLoaderData<typeof rootLoader>("root")?.config.features.alfaId ?? false;
  const routeId = metaForMatches(useMatches()).id;
  const location = useLocation();
  const { data: options } = useQuery({ ...optionsQuery(), enabled: featureOn });
  const [dismissed, setDismissed] = useState(true);

  // Session storage and cookies exist only in the browser: decide after hydration.
  useEffect(() => {
    setDismissed(sessionStorage.getItem(SESSION_FLAG) === "1" || hasCookie(document.cookie, DECLINE_COOKIE));
  }, []);

  const open = shouldShowImportModal({
    featureOn,
    routeId,
    option: options?.get(SHOW_OPTION),
    sessionFlag: dismissed,
    cookieFlag: false,
  });

  const closeForSession = () => {
    sessionStorage.setItem(SESSION_FLAG, "1");
    setDismissed(true);
  };

  const decline = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec's decline flag is a client cookie with a delay; the Cookie Store API is not in every browser we support
    document.cookie = declineCookie(options?.get(DELAY_OPTION), window.location.protocol === "https:");
    closeForSession();
  };

  const importProfile = async () => {
    try {
      const { redirect_url } = await unwrap(
        getApi().user.external.profile.$post({
          json: { redirectTo: `${location.pathname}${location.search}` },
        }),
      );
      window.location.assign(redirect_url);
    } catch {
      showToast({
        type: "error",
        title: "Не удалось открыть импорт",
        text: "Попробуйте ещё раз чуть позже",
        group: "import-profile",
      });
    }
  };

  return (
    <Modal
      open={open}
      onClose={closeForSession}
      size="s"
      title="Заполним профиль за вас"
      description="Возьмём ФИО, телефон и email из профиля банка — не придётся вводить их при оформлении заказа."
      footer={
        <div className="import-modal__actions">
          <Button variant="primary" size="l" fullWidth onClick={importProfile}>
            Заполнить из профиля банка
          </Button>
          <Button variant="secondary" size="l" fullWidth onClick={decline}>
            Не сейчас
          </Button>
        </div>
      }
    />
  );
}
