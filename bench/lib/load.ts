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

async function once(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string>,
): Promise<LoadResult> {
  const result = await autocannon({ url, duration: seconds, connections, pipelining: 1, headers });
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
export async function measure(
  url: string,
  options: { runs: number; seconds: number; connections: number },
): Promise<LoadResult> {
  const headers = { "accept-encoding": "gzip, br" };
  await once(url, 1, options.connections, headers);
  const runs: LoadResult[] = [];
  for (let i = 0; i < options.runs; i++)
    runs.push(await once(url, options.seconds, options.connections, headers));
  return {
    requestsPerSecond: Math.round(median(runs.map((r) => r.requestsPerSecond))),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}
