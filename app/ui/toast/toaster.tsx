import { type FocusEvent, useEffect, useRef, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { cx } from "../class-names.ts";
import { CloseIcon } from "../close-icon.tsx";
import { cssVars } from "../css-vars.ts";
import { KEEP_LIVE_ATTRIBUTE } from "../modal/background-inert.ts";
import { type Toast, type ToastStore, toastStore } from "./toast-store.ts";

const NO_TOASTS: readonly Toast[] = [];
const getServerSnapshot = () => NO_TOASTS;

export interface ToasterProps {
  store?: ToastStore;
}

/**
 * The toasts, top right, above modals. Render once, in the root layout. The two live regions are rendered
 * always, empty on the server: a screen reader announces only what is added to a region it already knows,
 * so a region created together with its first toast would stay silent. Errors go to the assertive region,
 * everything else waits for a pause in speech. The countdown stops while the pointer is over the toasts or
 * focus is inside them.
 */
export function Toaster({ store = toastStore }: ToasterProps) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, getServerSnapshot);
  const rootRef = useRef<HTMLDivElement>(null);
  const errors = toasts.filter((toast) => toast.type === "error");
  const others = toasts.filter((toast) => toast.type !== "error");

  // A toast removed under the pointer or with focus inside fires no leave or blur: lift the pause here.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    if (toasts.length === 0) store.resume("hover");
    if (!root.contains(document.activeElement)) store.resume("focus");
  }, [toasts, store]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
      store.resume("focus");
    }
  };

  const list = (items: readonly Toast[]) =>
    items.map((toast) => <ToastView key={toast.id} toast={toast} onClose={() => store.dismiss(toast.id)} />);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only pause the countdown; the toasts' own buttons are the controls
    <div
      ref={rootRef}
      className="ui-toaster"
      data-testid="toaster"
      {...{ [KEEP_LIVE_ATTRIBUTE]: "" }}
      onPointerEnter={() => store.pause("hover")}
      onPointerLeave={() => store.resume("hover")}
      onFocus={() => store.pause("focus")}
      onBlur={onBlur}
    >
      <div className="ui-toaster__region" role="alert" aria-live="assertive">
        {list(errors)}
      </div>
      <div className="ui-toaster__region" role="status" aria-live="polite">
        {list(others)}
      </div>
    </div>
  );
}

function ToastView({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  return (
    <div
      className={cx("ui-toast", `ui-toast--${toast.type}`, toast.leaving && "ui-toast--leaving")}
      style={cssVars({ "--ui-toast-speed": `${toast.speed}ms` })}
      data-toast-id={toast.id}
      data-testid="toast"
    >
      <div className="ui-toast__body">
        <p className="ui-toast__title">{toast.title}</p>
        {toast.text && <p className="ui-toast__text">{toast.text}</p>}
        {toast.action && (
          <Link className="ui-toast__action" to={toast.action.to} onClick={onClose}>
            {toast.action.label}
          </Link>
        )}
      </div>
      <button type="button" className="ui-toast__close" aria-label="Закрыть уведомление" onClick={onClose}>
        <CloseIcon size={20} />
      </button>
    </div>
  );
}
