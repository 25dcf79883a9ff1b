import { useSyncExternalStore } from "react";
import { cx } from "../class-names.ts";
import { CloseIcon } from "../close-icon.tsx";
import { cssVars } from "../css-vars.ts";
import { type Toast, type ToastStore, toastStore } from "./toast-store.ts";

const NO_TOASTS: readonly Toast[] = [];
const getServerSnapshot = () => NO_TOASTS;

export interface ToasterProps {
  store?: ToastStore;
}

/** Renders the toasts, top right. Render once, in the root layout; nothing is rendered on the server. */
export function Toaster({ store = toastStore }: ToasterProps) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, getServerSnapshot);
  if (toasts.length === 0) return null;
  return (
    <section className="ui-toaster" aria-label="Уведомления">
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} onClose={() => store.dismiss(toast.id)} />
      ))}
    </section>
  );
}

function ToastView({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  return (
    <div
      // Errors interrupt (assertive); everything else waits for a pause in speech.
      role={toast.type === "error" ? "alert" : "status"}
      className={cx("ui-toast", `ui-toast--${toast.type}`, toast.leaving && "ui-toast--leaving")}
      style={cssVars({ "--ui-toast-speed": `${toast.speed}ms` })}
    >
      <div className="ui-toast__body">
        <p className="ui-toast__title">{toast.title}</p>
        {toast.text && <p className="ui-toast__text">{toast.text}</p>}
      </div>
      <button type="button" className="ui-toast__close" aria-label="Закрыть уведомление" onClick={onClose}>
        <CloseIcon size={20} />
      </button>
    </div>
  );
}
