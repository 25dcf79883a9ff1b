import { PERSONAL_PART_STATE_ID, personalPartMarker } from "#contract/page-cache.ts";
import type { PersonalPart } from "#contract/ssr.ts";
import { nonceOfHeaders } from "./csp.ts";
import type { PageSnapshot } from "./page-cache.ts";

/** A kept frame cut at its part's marker, and at the nonce it was rendered with on either side. */
interface Frame {
  before: string[];
  after: string[];
}

// One per kept frame, made on its first answer with a part; dropped with the snapshot.
const frames = new WeakMap<PageSnapshot, Map<string, Frame | null>>();

function frameOf(page: PageSnapshot, name: string): Frame | undefined {
  let byName = frames.get(page);
  if (!byName) {
    byName = new Map();
    frames.set(page, byName);
  }
  let frame = byName.get(name);
  if (frame === undefined) {
    const html = new TextDecoder().decode(page.body);
    const marker = personalPartMarker(name);
    const at = html.indexOf(marker);
    const rendered = nonceOfHeaders(page.headers);
    const cut = (text: string) => (rendered ? text.split(rendered) : [text]);
    // A frame without the marker (its render ended on an error screen) takes no part.
    frame = at === -1 ? null : { before: cut(html.slice(0, at)), after: cut(html.slice(at + marker.length)) };
    byName.set(name, frame);
  }
  return frame ?? undefined;
}

/** JSON inside a `<script>` element: nothing in it can end the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

/**
 * A kept shell's frame with the personal part rendered for this request in its marker's place and the
 * part's data beside it, under this response's nonce (ADR 074); undefined when the frame has no marker.
 *
 * Only the frame's own stretches get the nonce: the part holds text shoppers and sellers wrote, which
 * is never searched for a nonce, and its data block is JSON no browser runs (`type="application/json"`).
 */
export function pageWithPart(
  page: PageSnapshot,
  name: string,
  part: PersonalPart,
  nonce: string,
): string | undefined {
  const frame = frameOf(page, name);
  if (!frame) return undefined;
  const data = jsonForScript({ state: part.state, values: part.values });
  const state = `<script type="application/json" id="${PERSONAL_PART_STATE_ID}">${data}</script>`;
  return `${frame.before.join(nonce)}${part.html}${state}${frame.after.join(nonce)}`;
}
