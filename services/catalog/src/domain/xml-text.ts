/**
 * Characters XML 1.0 allows nowhere, not even escaped: C0 controls other than tab, line feed and
 * carriage return, U+FFFE, U+FFFF and unpaired surrogates. A POS's text may carry one, and a single
 * one makes a crawler drop the whole document, so they are left out.
 */
const NOT_XML = '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const ESCAPED = new RegExp(`[&<>"']|${NOT_XML}`, 'g');
const NEEDS_WORK = new RegExp(`[&<>"']|${NOT_XML}`);
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as it may stand in an XML element or attribute value. */
export function xmlText(value: string): string {
  // Most text needs nothing: one test, no copy (a feed escapes a million fields).
  return NEEDS_WORK.test(value) ? value.replace(ESCAPED, (c) => ENTITIES[c] ?? '') : value;
}

/** `<name>text</name>`, the text escaped. */
export const xmlElement = (name: string, text: string): string => `<${name}>${xmlText(text)}</${name}>`;
