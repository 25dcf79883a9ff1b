import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project root, found by walking up to package.json. The same code runs from `server/` (tsx, tests)
 * and from the bundled `build/node/main.js`, so paths are never written relative to the module.
 */
export const projectRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
})();

export const paths = {
  migrations: join(projectRoot, "server/db/migrations"),
  clientBuild: join(projectRoot, "build/client"),
  ssrBuild: join(projectRoot, "build/server/index.js"),
  data: join(projectRoot, ".data"),
};
