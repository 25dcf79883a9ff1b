/** A page's HTML without its CSP nonce, which every response gets afresh (ADR 021). */
export const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');
