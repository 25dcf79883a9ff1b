/** Each readiness check gets this long; `/readyz` must answer within 2 s whatever a dependency does. */
export const READY_CHECK_TIMEOUT_MS = 1_500;

class CheckTimeout extends Error {
  override readonly name = "CheckTimeout";
}

/**
 * Runs a readiness check raced against a timeout: a dependency that does not answer counts as
 * unreachable (a load balancer asking /readyz must get an answer, not a hung connection). The check
 * itself is left to finish or fail on its own.
 */
export async function checkWithin(check: () => Promise<void>, timeoutMs = READY_CHECK_TIMEOUT_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckTimeout(`no answer in ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
