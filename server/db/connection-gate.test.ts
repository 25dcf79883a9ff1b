import { describe, expect, it, vi } from "vitest";
import { ConnectionGate } from "./connection-gate.ts";
import { DatabaseUnreachableError } from "./database-errors.ts";

function gateAt(start = 1_000) {
  let now = start;
  const gate = new ConnectionGate({
    backoff: { baseMs: 250, capMs: 5_000 },
    now: () => now,
    random: () => 1,
  });
  return { gate, advance: (ms: number) => (now += ms) };
}

const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });

describe("the pool's connection gate", () => {
  it("lets connections through while the database answers", () => {
    const { gate } = gateAt();
    for (let i = 0; i < 3; i++) {
      const admission = gate.admit();
      expect(admission).not.toBeInstanceOf(DatabaseUnreachableError);
      if (!(admission instanceof DatabaseUnreachableError)) admission.done();
    }
    expect(gate.closed).toBe(false);
  });

  it("after a failure answers at once until the back-off passes, then lets one probe through", () => {
    const { gate, advance } = gateAt();
    const first = gate.admit();
    const alsoInFlight = gate.admit();
    if (first instanceof DatabaseUnreachableError || alsoInFlight instanceof DatabaseUnreachableError)
      throw new Error("open gate refused");
    first.done(refused);
    // Connections that were already under way fail too: one back-off step, not two.
    alsoInFlight.done(refused);
    expect(gate.closed).toBe(true);
    expect(gate.admit()).toBeInstanceOf(DatabaseUnreachableError);
    advance(250);
    const probe = gate.admit();
    expect(probe).not.toBeInstanceOf(DatabaseUnreachableError);
    // Only one probe at a time.
    expect(gate.admit()).toBeInstanceOf(DatabaseUnreachableError);
    if (probe instanceof DatabaseUnreachableError) throw probe;
    probe.done(refused);
    // The next wait doubled.
    advance(250);
    expect(gate.admit()).toBeInstanceOf(DatabaseUnreachableError);
    advance(250);
    const second = gate.admit();
    if (second instanceof DatabaseUnreachableError) throw second;
    second.done();
    expect(gate.closed).toBe(false);
  });

  it("caps the wait, so a healed database is tried at least every cap", () => {
    const { gate, advance } = gateAt();
    let probes = 0;
    for (let elapsed = 0; elapsed < 60_000; elapsed += 50) {
      const admission = gate.admit();
      if (!(admission instanceof DatabaseUnreachableError)) {
        probes++;
        admission.done(refused);
      }
      advance(50);
    }
    // 250, 500 … 4000, then 5 s apart: 5 + 11 tries in a minute, whatever the request rate.
    expect(probes).toBeLessThanOrEqual(17);
    expect(probes).toBeGreaterThanOrEqual(12);
  });

  it("opens on any success (the LISTEN connection's too) and says so", () => {
    const { gate } = gateAt();
    const onOpen = vi.fn();
    const onClose = vi.fn();
    gate.onOpen(onOpen);
    gate.onClose(onClose);
    const admission = gate.admit();
    if (admission instanceof DatabaseUnreachableError) throw admission;
    admission.done(refused);
    expect(onClose).toHaveBeenCalledWith(refused);
    gate.succeeded();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(gate.admit()).not.toBeInstanceOf(DatabaseUnreachableError);
  });
});
