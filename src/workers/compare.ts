import { analyzeInputs, compareDumps } from './coreApi';
import { withNftReaderDiagnostics } from './nftDiagnostics';
import type { ComparedResponse, CompareInput, CompareRequest } from './protocol';

/** Reads one dump for a comparison: the pipeline up to the Service groups. */
function read(input: CompareInput) {
  const analysis = analyzeInputs({
    iptables: input.iptablesText,
    kubectl: input.kubectlText,
    until: 'groups',
  });
  return {
    analysis,
    diagnostics: withNftReaderDiagnostics(input.iptablesText, analysis.diagnostics.iptables),
  };
}

/** The worker's answer to a `compare` request (pure: runs in Node tests too). */
export function compareTexts(r: CompareRequest): ComparedResponse {
  const a = read(r.a);
  const b = read(r.b);
  return {
    type: 'compared',
    id: r.id,
    comparison: compareDumps(a.analysis, b.analysis),
    diagnostics: { a: a.diagnostics, b: b.diagnostics },
  };
}
