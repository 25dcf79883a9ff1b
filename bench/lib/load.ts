import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface MeasureOptions {
  runs: number;
  seconds: number;
  connections: number;
  /** Extra request headers (a cookie, say). */
  headers?: Record<string, string>;
  /** Paths to cycle through, one per request, instead of the URL's own. */
  paths?: string[];
}

async function once(
  url: string,
  seconds: number,
  connections: number,
  options: MeasureOptions,
): Promise<LoadResult> {
  const headers = { "accept-encoding": "gzip, br", ...options.headers };
  let next = 0;
  const paths = options.paths;
  const result = await autocannon({
    url,
    duration: seconds,
    connections,
    pipelining: 1,
    headers,
    ...(paths && paths.length > 0
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                path: paths[next++ % paths.length] ?? "/",
              }),
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Several short runs after a warm-up; the medians are reported because this machine is shared and
 * noisy. Requests ask for gzip, as browsers do.
 */
export async function measure(url: string, options: MeasureOptions): Promise<LoadResult> {
  await once(url, 1, options.connections, options);
  const runs: LoadResult[] = [];
  for (let i = 0; i < options.runs; i++)
    runs.push(await once(url, options.seconds, options.connections, options));
  return {
    requestsPerSecond: Math.round(median(runs.map((r) => r.requestsPerSecond))),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}
