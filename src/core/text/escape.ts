/**
 * Text from a dump or kubectl output (pod and Service names, comments, chain names) is data, not
 * markup. These make it inert where it reaches Markdown (editor hovers) or XML (SVG exports).
 */

/** Characters XML 1.0 forbids (C0 controls but tab/newline/CR, lone surrogates, U+FFFE/U+FFFF). */
const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to drop.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * For XML character data and attribute values: `< > & " '` as character references, and the
 * characters XML cannot hold at all as U+FFFD (a document with one of them would not open).
 */
export function escapeXml(text: string): string {
  return text.replace(XML_FORBIDDEN, '\ufffd').replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * For Markdown text (CommonMark/GFM): every ASCII punctuation character backslash-escaped (the
 * set CommonMark lets one escape), so no link, image, emphasis, code span, HTML tag, entity or
 * autolink can start; line breaks become spaces so a name cannot open a new block (a heading, a
 * list, a fence). What renders is exactly the text.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '\ufffd')
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}
