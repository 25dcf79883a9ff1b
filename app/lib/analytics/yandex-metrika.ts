/** Yandex Metrika: the tag script, page views on client navigation, e-commerce through dataLayer. */

export const METRIKA_TAG_URL = "https://mc.yandex.ru/metrika/tag.js";
export const METRIKA_CURRENCY = "RUB";
export const MISSING_ID_WARNING = "Yandex Metrika ID not provided";

/** Spec, section 9: click map, link tracking, accurate bounce, session recording and e-commerce on. */
export const METRIKA_INIT_OPTIONS = {
  defer: true,
  clickmap: true,
  trackLinks: true,
  accurateTrackBounce: true,
  webvisor: true,
  ecommerce: "dataLayer",
  triggerEvent: true,
} as const;

export type EcommerceEvent =
  | "impressions"
  | "click"
  | "detail"
  | "add"
  | "remove"
  | "purchase"
  | "promoView"
  | "promoClick";

export interface HitOptions {
  title?: string | undefined;
  referer?: string | undefined;
}

export interface MetrikaTracker {
  /** False for the no-op tracker (no counter id, or on the server). */
  readonly enabled: boolean;
  /** A page view; with `defer: true` Metrika counts none by itself. */
  hit(url: string, options?: HitOptions): void;
  /** Pushes `{ ecommerce: { currencyCode: "RUB", [event]: payload } }` to dataLayer. */
  ecommerce(event: EcommerceEvent, payload: Record<string, unknown>): void;
}

type YmFunction = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

/** The parts of `window` and `document` Metrika needs; injectable so tests need no DOM. */
export interface MetrikaWindow {
  ym?: YmFunction;
  dataLayer?: unknown[];
  location: { href: string };
}
export interface MetrikaScript {
  async: boolean;
  src: string;
}
export interface MetrikaDocument {
  title: string;
  referrer: string;
  scripts: ArrayLike<{ src: string }>;
  createElement(tag: "script"): MetrikaScript;
  head: { appendChild(node: MetrikaScript): unknown };
}

export interface InitMetrikaOptions {
  window?: MetrikaWindow;
  document?: MetrikaDocument;
  /** Send the first page view at once (default): `defer: true` leaves it to us. */
  initialHit?: boolean;
}

const noopTracker: MetrikaTracker = { enabled: false, hit() {}, ecommerce() {} };

let warned = false;
const trackers = new WeakMap<MetrikaWindow, Map<string, MetrikaTracker>>();

/** The official tag's loader: a queue that tag.js drains, and the script, added once per page. */
function installTag(win: MetrikaWindow, doc: MetrikaDocument): YmFunction {
  if (!win.ym) {
    const queue: unknown[][] = [];
    const ym: YmFunction = (...args: unknown[]) => {
      queue.push(args);
    };
    ym.a = queue;
    ym.l = Date.now();
    win.ym = ym;
  }
  const present = Array.from(doc.scripts).some((script) => script.src === METRIKA_TAG_URL);
  if (!present) {
    const script = doc.createElement("script");
    script.async = true;
    script.src = METRIKA_TAG_URL;
    doc.head.appendChild(script);
  }
  return win.ym;
}

/**
 * Starts the counter `ymId` (call it in the browser, after hydration). Without an id it warns once per
 * page and returns a no-op tracker, loading nothing; on the server it is a silent no-op. Idempotent:
 * a second call with the same id returns the same tracker.
 */
export function initMetrika(
  ymId: string | undefined | null,
  options: InitMetrikaOptions = {},
): MetrikaTracker {
  const id = ymId?.trim();
  if (!id) {
    active = noopTracker;
    waiting.length = 0;
    if (!warned) {
      warned = true;
      console.warn(MISSING_ID_WARNING);
    }
    return noopTracker;
  }
  const win =
    options.window ?? (typeof window === "undefined" ? undefined : (window as unknown as MetrikaWindow));
  const doc =
    options.document ??
    (typeof document === "undefined" ? undefined : (document as unknown as MetrikaDocument));
  if (!win || !doc) return noopTracker;

  let byId = trackers.get(win);
  if (!byId) {
    byId = new Map();
    trackers.set(win, byId);
  }
  const existing = byId.get(id);
  if (existing) return existing;

  win.dataLayer ??= [];
  const ym = installTag(win, doc);
  const counter = Number(id);
  const counterId = Number.isSafeInteger(counter) ? counter : id;
  ym(counterId, "init", { ...METRIKA_INIT_OPTIONS });

  const tracker: MetrikaTracker = {
    enabled: true,
    hit(url, hitOptions = {}) {
      win.ym?.(counterId, "hit", url, { title: hitOptions.title, referer: hitOptions.referer });
    },
    ecommerce(event, payload) {
      win.dataLayer ??= [];
      win.dataLayer.push({ ecommerce: { currencyCode: METRIKA_CURRENCY, [event]: payload } });
    },
  };
  byId.set(id, tracker);
  active = tracker;
  for (const [event, payload] of waiting.splice(0)) tracker.ecommerce(event, payload);
  if (options.initialHit ?? true)
    tracker.hit(win.location.href, { title: doc.title, referer: doc.referrer || undefined });
  return tracker;
}

/**
 * Decides which locations are new page views: not the first one (initMetrika counted it), not the same
 * URL again (a re-render or a hash change). Kept apart from React so it is testable without a DOM.
 */
export function pageViewReporter(origin: string) {
  let previous: string | undefined;
  return (tracker: MetrikaTracker | null | undefined, url: string, title: string) => {
    if (previous === undefined || previous === url) {
      previous = url;
      return;
    }
    const referer = origin + previous;
    previous = url;
    tracker?.hit(origin + url, { title, referer });
  };
}

/** The tracker the page started (root.tsx), for events from features; undefined until it started. */
let active: MetrikaTracker | undefined;
/**
 * Events reported before the page started its tracker: a page's own effects (the product page's
 * `detail`) run before the root's, which starts it. Sent when it starts, dropped if it has no counter.
 */
const waiting: [EcommerceEvent, Record<string, unknown>][] = [];

/** An e-commerce event (detail, add, remove, purchase) to the page's counter, if it has one (RUB). */
export function reportEcommerce(event: EcommerceEvent, payload: Record<string, unknown>): void {
  if (active) active.ecommerce(event, payload);
  else if (waiting.length < 20) waiting.push([event, payload]);
}

/** Test seam: forget the one-time warning and the page's tracker. */
export function resetMetrika(): void {
  warned = false;
  active = undefined;
  waiting.length = 0;
}
