export { accountQuery, devicesQuery } from "./api.ts";
export { DevicesSection } from "./devices-section.tsx";
export { PersonalDataSection } from "./profile-form.tsx";
