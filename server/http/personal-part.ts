import { PERSONAL_PART_STATE_ID, personalPartMarker } from "#contract/page-cache.ts";
import type { PersonalPart } from "#contract/ssr.ts";
import { nonceOfHeaders } from "./csp.ts";
import type { PageSnapshot } from "./page-cache.ts";
import { deflatedRun, deflatePieces, type GzipPieces, gzipOfRuns, joinedRuns } from "./precompressed.ts";

const encoder = new TextEncoder();

/** A kept frame cut at its part's marker, and at the nonce it was rendered with on either side. */
interface Frame {
  before: string[];
  after: string[];
  /** The nonce's length the frame was rendered with (undefined: no nonce). */
  nonceLength: number | undefined;
  /** Both sides' stretches deflated once, on the frame's first gzip answer (ADR 071's pieces). */
  gzip?: { before: GzipPieces; after: GzipPieces };
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
    frame =
      at === -1
        ? null
        : {
            before: cut(html.slice(0, at)),
            after: cut(html.slice(at + marker.length)),
            nonceLength: rendered ? encoder.encode(rendered).byteLength : undefined,
          };
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
  return `${frame.before.join(nonce)}${partWithData(part)}${frame.after.join(nonce)}`;
}

/**
 * The same answer gzipped: the frame's stretches deflated once, on its first gzip answer, and joined by
 * this answer's nonce as kept pages are (precompressed.ts, ADR 071); only the part and its data are
 * deflated for the request. Undefined when the frame has no marker.
 */
export function gzipPageWithPart(
  page: PageSnapshot,
  name: string,
  part: PersonalPart,
  nonce: string,
): Uint8Array<ArrayBuffer> | undefined {
  const frame = frameOf(page, name);
  if (!frame) return undefined;
  const pieces = (stretches: string[]) =>
    deflatePieces(
      stretches.map((stretch) => encoder.encode(stretch)),
      frame.nonceLength,
    );
  frame.gzip ??= { before: pieces(frame.before), after: pieces(frame.after) };
  const separator = encoder.encode(nonce);
  return gzipOfRuns([
    ...joinedRuns(frame.gzip.before, separator),
    deflatedRun(encoder.encode(partWithData(part))),
    ...joinedRuns(frame.gzip.after, separator),
  ]);
}

/** The part's HTML and, after it, the data it was rendered from as a JSON block. */
function partWithData(part: PersonalPart): string {
  const data = jsonForScript({ state: part.state, values: part.values });
  return `${part.html}<script type="application/json" id="${PERSONAL_PART_STATE_ID}">${data}</script>`;
}
