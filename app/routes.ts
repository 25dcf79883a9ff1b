import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Route ids are the spec's route names (section 2); the full table arrives with the storefront shell.
export default [
  index("routes/home.tsx", { id: "index" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
