import { useEffect, useState } from "react";
import { type CodeSentState, secondsUntilResend } from "./flow.ts";

/** Seconds until a new code may be asked for, re-read from the clock every second until it reaches 0. */
export function useSecondsLeft(sent: Pick<CodeSentState, "sentAt" | "resendAfterS">): number {
  const [left, setLeft] = useState(() => secondsUntilResend(sent, Date.now()));
  useEffect(() => {
    // Counting from sentAt (not decrementing) keeps it right after a background tab's throttled timers.
    const tick = () => setLeft(secondsUntilResend(sent, Date.now()));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [sent]);
  return left;
}
