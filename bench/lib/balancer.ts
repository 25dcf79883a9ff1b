/**
 * A round-robin balancer in a process of its own (bench/sale-day.ts): every answer marked with the instance
 * that gave it (`X-Bench-Instance`, from 1). In the bench's own process it shared one thread with the load
 * generator, and that thread, not the instances, set the sale day's no-sale throughput (91 % of a core).
 *
 * Run as a child: `fork(this file, [port, ...targets])`; it sends "ready" once it listens.
 */
import { fork } from "node:child_process";
import { Agent, createServer, type IncomingMessage, request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";

export interface RunningBalancer {
  origin: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts the balancer's process in front of `targets` and waits until it listens on `port`. */
export async function startBalancer(targets: string[], port: number): Promise<RunningBalancer> {
  // fork() passes the parent's execArgv on: tsx's loader runs this file as it runs the bench.
  const child = fork(fileURLToPath(import.meta.url), [String(port), ...targets], { stdio: "inherit" });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the balancer exited with code ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function serve(port: number, targets: string[]) {
  const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: 64 }));
  const urls = targets.map((t) => new URL(t));
  let next = 0;
  const server = createServer((req, res) => {
    const index = next++ % urls.length;
    const target = urls[index]!;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": "127.0.0.1" },
        agent: agents[index],
      },
      (answer: IncomingMessage) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-bench-instance": String(index + 1) });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.listen(port, "127.0.0.1", () => process.send?.("ready"));
  process.once("SIGTERM", () => process.exit(0));
  // The parent gone (the bench stopped short), nothing is left listening.
  process.once("disconnect", () => process.exit(0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, ...targets] = process.argv.slice(2);
  serve(Number(port), targets);
}
