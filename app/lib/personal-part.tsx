import type { DehydratedState } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { PERSONAL_PART_STATE_ID } from "#contract/page-cache.ts";
import { PageDataBoundary } from "./page-data.tsx";

/**
 * A shell's personal part (ADR 074): the stretch of a kept page that is the shopper's own. The server
 * renders the frame once for every shopper with this marker in the part's place, and for each request
 * renders the part alone (app/personal-parts.server.tsx) and puts it where the marker is, with the data
 * it was rendered from beside it for the browser.
 */
export function PersonalPartMarker({ name }: { name: string }) {
  return <template data-personal-part={name} />;
}

/** Whether this is the server rendering a shell's frame: no shopper's data, the marker goes in instead. */
export function rendersFrame(data: unknown): boolean {
  return data === undefined && typeof document === "undefined";
}

/** What the server put beside the page's personal part: its queries and the values it was rendered with. */
interface PartData {
  state: DehydratedState | undefined;
  values: Record<string, string> | undefined;
}

let received: PartData | undefined;

/**
 * The data the server rendered the page's personal part from: read from its JSON block at hydration, and
 * forgotten once the part has mounted — a later visit to the page brings its own data.
 */
function partData(): PartData | undefined {
  if (typeof document === "undefined") return undefined;
  if (!received) {
    const block = document.getElementById(PERSONAL_PART_STATE_ID);
    received = { state: undefined, values: undefined };
    try {
      const data = block?.textContent ? (JSON.parse(block.textContent) as Partial<PartData>) : {};
      received = { state: data.state, values: data.values };
    } catch {
      // No data: the part renders from what the browser has.
    }
    block?.remove();
  }
  return received;
}

/**
 * Hydrates a personal part with the data it was rendered from, before its components first read their
 * queries, and hands `children` the values it was rendered with (for as long as it stays mounted;
 * undefined on a page rendered whole), so the browser's first render is the server's HTML.
 */
export function PersonalPartData({
  children,
}: {
  children: (values: Record<string, string> | undefined) => ReactNode;
}) {
  // Read once per mount: the page's later renders (a query's update, a revalidation) render what the
  // first one did, not a part without its values.
  const [data] = useState(partData);
  useEffect(() => {
    if (received) received = { state: undefined, values: undefined };
  }, []);
  return <PageDataBoundary state={data?.state}>{children(data?.values)}</PageDataBoundary>;
}
