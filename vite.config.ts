import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  build: {
    target: "es2022",
    assetsInlineLimit: 0,
    // The browser build in a few large chunks instead of twenty small ones: over HTTP/1.1 (six connections
    // per host) every extra first-load file costs a round trip on a phone. Only the libraries every page
    // runs go to `vendor`, so a later route's dependencies (forms, checkout) stay out of the first load.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "vendor",
                    test: /node_modules\/(react|react-dom|scheduler|react-router|@tanstack)\//,
                  },
                  // The shared shell, less the UI parts only forms use (the phone field brings its mask library).
                  {
                    name: "shell",
                    test: /\/app\/(?:lib\/|layouts\/|ui\/(?!phone-input|phone-mask))|\/app\/root\.tsx/,
                  },
                ],
              },
            },
          },
        }),
  },
}));
