import { z } from "zod";

/**
 * Validation messages are Russian everywhere: the spec's own texts are set per schema, and zod's
 * built-in ones (too small, wrong type…) come from its Russian locale. Imported by the API's validator;
 * forms import it when they arrive (it would put zod into every page's first load otherwise).
 */
z.config(z.locales.ru());
