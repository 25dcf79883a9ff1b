// The wishlist's public entry (ADR 016): the heart other features put on product cards and pages.
export { WishlistHeart } from "./components/wishlist-heart.tsx";
