/** The lesson's first sentence (the gallery list shows it under the title). */
export function firstSentence(text: string): string {
  const m = /^.*?[.!?。！？](?=\s|$)/su.exec(text.trim());
  return (m ? m[0] : text).trim();
}
