// The catalogue's public entry: what other features may use (the basket's suggestions and the wishlist
// will show product cards; the checkout reads products). Routes and layouts compose features and import
// their files directly, so a route never drags a whole feature (and its server-only loader helpers) into
// the browser through this file; see ADR 016.
export {
  catalogKeys,
  categoryTreeQuery,
  type ProductListParams,
  productListQuery,
  productQuery,
} from "./api.ts";
export { ProductGrid } from "./components/product-grid.tsx";
