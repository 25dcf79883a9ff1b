import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/** A Node request handler, as Koa's `app.callback()` (and so oidc-provider's `provider.callback()`) is. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** How the bank stand-in is reached: the public origin the browser sees, and who is asking. */
export interface BridgeTarget {
  /** e.g. `https://shop.example`: scheme and host the provider builds its URLs from. */
  origin: string;
  /** Path as the handler sees it (the mount prefix removed), with the query. */
  path: string;
  /** The mount prefix (`/bank`): oidc-provider reads it from `originalUrl` to build its own URLs. */
  mountPath: string;
  /** The client's address, when known (Koa's `ctx.ip` under `proxy`). */
  clientAddress?: string | undefined;
}

/**
 * The request side of the bridge: what Koa and oidc-provider read from an IncomingMessage (method, url,
 * headers, the body as a stream, the socket's TLS flag and address), fed from a fetch Request whose body
 * has been read already.
 */
class BridgedRequest extends Readable {
  method: string;
  url: string;
  originalUrl: string;
  headers: Record<string, string>;
  rawHeaders: string[];
  readonly httpVersion = "1.1";
  readonly httpVersionMajor = 1;
  readonly httpVersionMinor = 1;
  readonly complete = true;
  readonly socket: { encrypted: boolean; remoteAddress: string | undefined; readable: boolean };
  readonly connection: BridgedRequest["socket"];
  #body: Buffer | undefined;

  constructor(request: Request, body: Buffer | undefined, target: BridgeTarget) {
    super();
    const origin = new URL(target.origin);
    this.method = request.method;
    this.url = target.path;
    this.originalUrl = `${target.mountPath}${target.path}`;
    this.headers = {};
    // Forwarded headers are the bridge's to write: whatever a client sent in them is dropped.
    for (const [name, value] of request.headers) {
      if (!name.startsWith("x-forwarded-") && name !== "forwarded") this.headers[name] = value;
    }
    this.headers.host = origin.host;
    this.headers["x-forwarded-proto"] = origin.protocol.slice(0, -1);
    if (target.clientAddress) this.headers["x-forwarded-for"] = target.clientAddress;
    if (body) this.headers["content-length"] = String(body.length);
    else delete this.headers["content-length"];
    this.rawHeaders = Object.entries(this.headers).flat();
    this.socket = {
      encrypted: origin.protocol === "https:",
      remoteAddress: target.clientAddress,
      readable: true,
    };
    this.connection = this.socket;
    this.#body = body;
  }

  override _read(): void {
    if (this.#body?.length) this.push(this.#body);
    this.#body = undefined;
    this.push(null);
  }
}

/**
 * The response side: what Koa writes (status, headers, one `end` with the body), kept in memory. Koa
 * answers oidc-provider's endpoints with strings, buffers and JSON, never streams, so `end` is the
 * whole body.
 */
class BufferedResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = "";
  headersSent = false;
  writableEnded = false;
  finished = false;
  readonly socket = undefined;
  readonly #headers = new Map<string, { name: string; value: number | string | string[] }>();
  readonly #chunks: Buffer[] = [];
  readonly done: Promise<void>;
  #resolve!: () => void;

  constructor() {
    super();
    this.done = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  setHeader(name: string, value: number | string | readonly string[]): this {
    this.#headers.set(name.toLowerCase(), {
      name,
      value: Array.isArray(value) ? [...value] : (value as number | string),
    });
    return this;
  }
  getHeader(name: string) {
    return this.#headers.get(name.toLowerCase())?.value;
  }
  getHeaders(): Record<string, number | string | string[]> {
    return Object.fromEntries([...this.#headers].map(([key, { value }]) => [key, value]));
  }
  getHeaderNames(): string[] {
    return [...this.#headers.keys()];
  }
  hasHeader(name: string): boolean {
    return this.#headers.has(name.toLowerCase());
  }
  removeHeader(name: string): void {
    this.#headers.delete(name.toLowerCase());
  }
  writeHead(status: number, ...rest: unknown[]): this {
    this.statusCode = status;
    const headers = rest.find((r) => typeof r === "object" && r !== null) as
      | Record<string, string | string[]>
      | undefined;
    for (const [name, value] of Object.entries(headers ?? {})) this.setHeader(name, value);
    this.headersSent = true;
    return this;
  }
  flushHeaders(): void {
    this.headersSent = true;
  }
  write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") {
      this.#chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    }
    this.headersSent = true;
    const cb = [encoding, callback].find((a) => typeof a === "function") as (() => void) | undefined;
    cb?.();
    return true;
  }
  end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (this.writableEnded) return this;
    if (typeof chunk === "function") this.write(undefined, chunk);
    else this.write(chunk, encoding, callback);
    this.writableEnded = true;
    this.finished = true;
    this.emit("prefinish");
    this.emit("finish");
    this.emit("close");
    this.#resolve();
    return this;
  }

  toResponse(): Response {
    const headers = new Headers();
    for (const { name, value } of this.#headers.values()) {
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const empty = [101, 204, 205, 304].includes(this.statusCode);
    return new Response(empty ? null : Buffer.concat(this.#chunks), { status: this.statusCode, headers });
  }
}

/** Request and response objects for a Node handler, or for oidc-provider's interaction helpers. */
export async function bridgeObjects(request: Request, target: BridgeTarget) {
  const hasBody = !["GET", "HEAD"].includes(request.method) && request.body !== null;
  const body = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;
  const req = new BridgedRequest(request, body, target) as unknown as IncomingMessage;
  const res = new BufferedResponse();
  return { req, res: res as unknown as ServerResponse, buffered: res };
}

/**
 * Runs a Node handler on a fetch Request, in process, and gives its answer back as a fetch Response: the
 * bank stand-in (a Koa app) is served under the shop's own Hono app and reached by the shop's OIDC client
 * without a socket or a second port.
 */
export async function callNodeHandler(
  handler: NodeHandler,
  request: Request,
  target: BridgeTarget,
): Promise<Response> {
  const { req, res, buffered } = await bridgeObjects(request, target);
  await handler(req, res);
  await buffered.done;
  return buffered.toResponse();
}
