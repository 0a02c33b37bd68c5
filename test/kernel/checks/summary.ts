/**
 * Counts for the closing line of a kernel run: scenarios, packets (connections), and checks split into
 * agreements and disagreements. Disagreements are kept verbatim so the report can quote them.
 */
export class Tally {
  scenarios = 0;
  packets = 0;
  traced = 0;
  agreements = 0;
  readonly disagreements: string[] = [];
  /** What was not compared, said in the closing line (e.g. a referee that cannot read the input yet). */
  readonly notes: string[] = [];

  /** Records one comparison; returns `ok` so callers can chain. */
  check(ok: boolean, what: string): boolean {
    if (ok) this.agreements++;
    else this.disagreements.push(what);
    return ok;
  }

  /** The one line the lead copies into the closing note. */
  line(label: string, ms: number): string {
    const checks = this.agreements + this.disagreements.length;
    return (
      `kernel conformance [${label}]: ${this.scenarios} scenarios, ${this.packets} connections ` +
      `(${this.traced} traced), ${checks} checks, ${this.agreements} agree, ` +
      `${this.disagreements.length} disagree, ${(ms / 1000).toFixed(1)} s` +
      this.notes.map((n) => `; ${n}`).join('')
    );
  }
}
