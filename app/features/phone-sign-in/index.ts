export { CodeStep } from "./code-step.tsx";
export { readCodeSentState, withRedirectTo } from "./flow.ts";
export { PhoneStep } from "./phone-step.tsx";
