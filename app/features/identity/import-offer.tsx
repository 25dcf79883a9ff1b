import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useId, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import { ApiError } from "#app/lib/api-client.ts";
import { useFeature } from "#app/lib/features.ts";
import { Button } from "#app/ui/button.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { Spinner } from "#app/ui/spinner.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { useIsClient } from "#app/ui/use-is-client.ts";
import {
  IMPORT_ERROR_MESSAGES,
  isBankErrorCode,
  PROFILE_IMPORT_DONE,
  PROFILE_IMPORT_PARAM,
} from "#contract/bank-sign-in.ts";
import { hasSignedInHint } from "#contract/session-hint.ts";
import { ACCOUNT_KEY, goToBankForImport, importKeys, pendingImportQuery } from "./api.ts";
import type { ImportOutcome } from "./import-offer-form.tsx";

// The form brings zod and react-hook-form: its own chunk, loaded only when there is something to offer.
const ImportOfferForm = lazy(() => import("./import-offer-form.tsx"));

/** Set before the profile page reloads itself after an import, to say so once it is back. */
const APPLIED_FLAG = "vitrina:profile-import-applied";

const appliedToast = () =>
  showToast({
    type: "success",
    title: "Профиль заполнен",
    text: "Данные из банка сохранены",
    group: "profile-import",
  });

/**
 * The `profileImport` marker the bank's return adds to the page (ADR 030): `1` when the data is waiting,
 * an error code when the round trip failed. `clear` takes it out of the address, leaving the rest.
 */
export function useImportReturn() {
  const [params, setParams] = useSearchParams();
  const marker = params.get(PROFILE_IMPORT_PARAM);
  // The same function until the address changes: effects that call it run once per marker.
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(PROFILE_IMPORT_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return { marker, clear };
}

/** The page's address without the marker: where the bank sends the shopper back to. */
function usePathWithoutMarker(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete(PROFILE_IMPORT_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}

/** A failed round trip says why, once, and leaves the address clean. */
function useImportFailureNotice(marker: string | null, clear: () => void) {
  useEffect(() => {
    if (!marker || marker === PROFILE_IMPORT_DONE) return;
    showToast({
      type: "error",
      title: "Данные из банка не получены",
      text: isBankErrorCode(marker) ? IMPORT_ERROR_MESSAGES[marker] : IMPORT_ERROR_MESSAGES.bank_failed,
      group: "profile-import",
    });
    clear();
    // After `clear` the marker is gone, so a new `clear` runs nothing twice.
  }, [marker, clear]);
}

async function startImport(redirectTo: string): Promise<void> {
  try {
    await goToBankForImport(redirectTo);
  } catch (failure) {
    // A 401 has already sent the shopper to sign in.
    if (failure instanceof ApiError && failure.status === 401) return;
    showToast({
      type: "error",
      title: "Не удалось открыть импорт",
      text: failure instanceof ApiError ? failure.message : "Попробуйте ещё раз чуть позже",
      group: "profile-import",
    });
  }
}

/**
 * The profile page's identity import (one line in app/routes/personal-profile.tsx): a card that offers
 * to fill the profile from the bank, and, once the bank has answered, the data itself to accept or
 * discard field by field. Only with the alfaId feature on.
 */
export function ImportOffer() {
  const featureOn = useFeature("alfaId");
  const hydrated = useIsClient();
  const titleId = useId();
  const queryClient = useQueryClient();
  const { marker, clear } = useImportReturn();
  const back = usePathWithoutMarker();
  const { data: pending, isPending } = useQuery({ ...pendingImportQuery(), enabled: featureOn && hydrated });
  useImportFailureNotice(marker, clear);

  useEffect(() => {
    if (sessionStorage.getItem(APPLIED_FLAG) !== "1") return;
    sessionStorage.removeItem(APPLIED_FLAG);
    appliedToast();
  }, []);

  if (!featureOn) return null;

  const done = (outcome: ImportOutcome) => {
    if (outcome === "applied") {
      // The page's form holds the values it was drawn with: it is drawn again, from the saved account.
      sessionStorage.setItem(APPLIED_FLAG, "1");
      window.location.replace(back);
      return;
    }
    queryClient.setQueryData(importKeys.pending(), null);
    if (marker) clear();
  };

  return (
    <section className="identity-card" aria-labelledby={titleId}>
      <h2 className="identity-card__title" id={titleId}>
        Данные из банка
      </h2>
      {pending ? (
        <>
          <p className="identity-card__text">
            Банк передал ваши данные. Проверьте их и выберите, что сохранить в профиле.
          </p>
          <Suspense fallback={<Spinner size="m" label="Загружаем данные из банка" />}>
            <ImportOfferForm pending={pending} onDone={done} />
          </Suspense>
        </>
      ) : (
        <>
          <p className="identity-card__text">
            Возьмём фамилию, имя, отчество, телефон и email из профиля банка. Откроется страница банка — там
            нужно разрешить передачу данных. Перед сохранением вы увидите, что передал банк, и выберете, что
            взять.
          </p>
          <Button
            variant="secondary"
            size="l"
            disabled={!hydrated || (marker === PROFILE_IMPORT_DONE && isPending)}
            onClick={() => startImport(back)}
          >
            Заполнить из профиля банка
          </Button>
        </>
      )}
    </section>
  );
}

/**
 * Back from the bank on a page of the default layout (the import modal's home page, basket or delivery
 * step): the data in a dialog to accept or discard, or the reason the round trip failed in a toast.
 */
export function ImportReturnModal() {
  const featureOn = useFeature("alfaId");
  const hydrated = useIsClient();
  const queryClient = useQueryClient();
  const { marker, clear } = useImportReturn();
  const waiting = featureOn && marker === PROFILE_IMPORT_DONE;
  const { data: pending, isSuccess } = useQuery({
    ...pendingImportQuery(),
    enabled: waiting && hydrated && hasSignedInHint(typeof document === "undefined" ? "" : document.cookie),
  });
  useImportFailureNotice(featureOn ? marker : null, clear);

  // Decided here: the data is gone because the shopper saved or dropped it, not because it expired.
  const decided = useRef(false);
  // Back with the marker but nothing waiting (applied in another tab, or older than half an hour).
  useEffect(() => {
    if (!waiting || !isSuccess || pending || decided.current) return;
    showToast({
      type: "warn",
      title: "Данных из банка уже нет",
      text: "Они устарели или уже сохранены. Запустите заполнение ещё раз, если нужно",
      group: "profile-import",
    });
    clear();
  }, [waiting, isSuccess, pending, clear]);

  const done = (outcome: ImportOutcome) => {
    decided.current = true;
    queryClient.setQueryData(importKeys.pending(), null);
    if (outcome === "applied") {
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
      appliedToast();
    }
    clear();
  };

  return (
    <Modal
      open={waiting && !!pending}
      onClose={clear}
      size="m"
      title="Данные из банка"
      description="Проверьте, что передал банк, и выберите, что сохранить в профиле."
    >
      {pending ? (
        <Suspense fallback={<Spinner size="m" label="Загружаем данные из банка" />}>
          <ImportOfferForm pending={pending} onDone={done} />
        </Suspense>
      ) : null}
    </Modal>
  );
}

export { startImport };
