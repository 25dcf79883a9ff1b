/** Spec §9: modal z-index is 1000 plus 2 per index; the odd layer between two modals holds the backdrop. */
export const MODAL_Z_INDEX_BASE = 1000;
export const MODAL_Z_INDEX_STEP = 2;

export function modalZIndex(index: number): number {
  return MODAL_Z_INDEX_BASE + MODAL_Z_INDEX_STEP * index;
}

/** Each modal draws its own backdrop just under itself, so a modal opened on top dims the one below. */
export function backdropZIndex(index: number): number {
  return modalZIndex(index) - 1;
}

type Listener = () => void;

/**
 * The open modals, bottom to top. Only the top one answers Esc and traps focus. Snapshots are immutable
 * arrays for `useSyncExternalStore`.
 */
export class ModalStack {
  #ids: readonly string[] = [];
  readonly #listeners = new Set<Listener>();

  /** Puts `id` on top; opening one that is already open changes nothing. */
  open = (id: string): void => {
    if (this.#ids.includes(id)) return;
    this.#set([...this.#ids, id]);
  };

  /** Removes `id` wherever it is; the ones above it move down one index. */
  close = (id: string): void => {
    if (!this.#ids.includes(id)) return;
    this.#set(this.#ids.filter((other) => other !== id));
  };

  /** The index of `id`, or -1 when it is not open. */
  indexOf = (id: string): number => this.#ids.indexOf(id);

  zIndexOf = (id: string): number | undefined => {
    const index = this.#ids.indexOf(id);
    return index === -1 ? undefined : modalZIndex(index);
  };

  isTop = (id: string): boolean => this.#ids.length > 0 && this.#ids[this.#ids.length - 1] === id;

  get size(): number {
    return this.#ids.length;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  getSnapshot = (): readonly string[] => this.#ids;

  #set(ids: readonly string[]): void {
    this.#ids = ids;
    for (const listener of [...this.#listeners]) listener();
  }
}

export const modalStack = new ModalStack();
