/**
 * What exactly was wrong with a refused link or scenario file, as data beside the refusal's code:
 * the fact the code's sentence does not already say (which version, which field, how large, what
 * the browser reported). The UI words it in the language on screen (ui/share/strings.ts); core
 * writes no prose here. `null` when the code's sentence says it all.
 */
export type RefusalDetail =
  /** The version number the link or file claims (as written, cut to 40 characters). */
  | { readonly kind: 'version'; readonly version: string }
  /** A known version with no migration path to the current one. */
  | { readonly kind: 'no-migration'; readonly version: number }
  /** The first field validation found missing or of the wrong type (`packet.dport`). */
  | { readonly kind: 'field'; readonly field: string }
  /** A file's size against the cap, in bytes. */
  | { readonly kind: 'size'; readonly size: number; readonly limit: number }
  /** The JSON holds an array, a string or a number, not an object. */
  | { readonly kind: 'not-object' }
  /** What the browser said when the decoder stopped (its own words, not translated). */
  | { readonly kind: 'browser'; readonly message: string };
