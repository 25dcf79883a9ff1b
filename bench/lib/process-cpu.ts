/**
 * CPU time of processes, read from /proc (Linux): what a bench's processes each took of the machine during a
 * phase. On two shared cores the load generator and the balancer compete with the instances they measure,
 * so a phase's throughput means little without knowing who had the cores.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/** User plus system seconds of one process so far, or 0 once it is gone. */
export function processSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pids of every process whose command line starts with `name` (PostgreSQL's server and backends). */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").startsWith(name)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * Counts the CPU that named groups of processes take from now on. A group given as a function is asked
 * for its pids at the start and at the end, so processes started or ended between (PostgreSQL's backends)
 * count for what they ran in the window: a backend that ended took its seconds with it.
 */
export function cpuMeter(groups: Record<string, () => (number | undefined)[]>) {
  const started = performance.now();
  const before = new Map<number, number>();
  for (const pids of Object.values(groups))
    for (const pid of pids()) if (pid !== undefined) before.set(pid, processSeconds(pid));
  return {
    /** Each group's share of one core since the meter started (1 = a whole core). */
    read(): Record<string, number> {
      const wall = (performance.now() - started) / 1000;
      return Object.fromEntries(
        Object.entries(groups).map(([name, pids]) => {
          let seconds = 0;
          for (const pid of pids()) {
            if (pid === undefined) continue;
            seconds += processSeconds(pid) - (before.get(pid) ?? 0);
          }
          return [name, seconds / wall];
        }),
      );
    },
  };
}
