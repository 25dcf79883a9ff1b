// Questions about a product and «Сообщить о поступлении» (ADR 016, ADR 066): the product page's two slots.
// Both are small and load the rest of their code after hydration, so the page's first load stays within
// its budget (bundle-budget.spec.ts).
export { QuestionsSlot } from "./components/questions-slot.tsx";
export { StockAlertSlot } from "./components/stock-alert-slot.tsx";
