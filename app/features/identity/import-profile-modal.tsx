import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { optionsQuery } from "#app/lib/reference.ts";
import { metaForMatches } from "#app/lib/route-meta.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { Button } from "#app/ui/button.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import {
  DECLINE_COOKIE,
  DELAY_OPTION,
  declineCookie,
  hasCookie,
  SESSION_FLAG,
  SHOW_OPTION,
  shouldShowImportModal,
} from "./import-modal-rules.ts";
import { ImportReturnModal, startImport, useImportReturn } from "./import-offer.tsx";

/**
 * The `show-alfa-id-modal` middleware: offers to fill the profile from the bank's identity service on the
 * home page, the basket and the delivery step. Declining keeps it away for the delay option's hours. The
 * import button goes to the bank's consent screen (ADR 030); back from it, the data is offered in a
 * dialog of its own (ImportReturnModal), and this one stays closed.
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

  const back = useImportReturn().marker !== null;
  const open = shouldShowImportModal({
    featureOn,
    routeId,
    option: options?.get(SHOW_OPTION),
    sessionFlag: dismissed || back,
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
    // Acted on: the offer is not made again in this session, whatever the bank answers.
    sessionStorage.setItem(SESSION_FLAG, "1");
    await startImport(`${location.pathname}${location.search}`);
  };

  return (
    <>
      <ImportReturnModal />
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
    </>
  );
}
