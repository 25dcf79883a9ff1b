import type { Art } from "./kit.ts";

/** One view of an object: SVG shapes on the 900×1200 canvas, the object standing centred. */
export type View = (a: Art, colour: string) => string;

export interface KindArt {
  /** The body colour of products without a colour of their own. */
  colour: string;
  /** Hand-drawn views, the hero first (1–5). */
  views: readonly View[];
  /** A close-up made from the hero: the point to look at and the zoom. */
  detail?: readonly [x: number, y: number, zoom: number];
  /** Also show it in its retail box, seen through the box's window (goods that are sold boxed). */
  boxed?: boolean;
}
