// The refunds' public entry (ADR 016): «Вернуть товар» on the order's page.
export { ReturnGoodsLink } from "./components/return-goods-link.tsx";
