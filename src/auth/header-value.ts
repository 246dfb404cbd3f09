/**
 * What `Headers` (and so `fetch`) does with a header value: strips HTTP whitespace from its ends,
 * and refuses one that still holds a line break, a NUL or a character above U+00FF (a TypeError
 * that quotes the whole value, the credential with it).
 * @see https://fetch.spec.whatwg.org/#concept-header-value-normalize
 */
export const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
export const UNSENDABLE = /[\0\n\r]|[^\0-\xff]/;
