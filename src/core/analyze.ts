import { parseIptablesSave } from './iptables';
import { type KubectlData, parseKubectl } from './kubectl';
import { analyzeKubeProxy, indexServiceGroups, type KubeProxyModel, type ServiceGroup } from './kubeproxy';
import { lowerToRuleset } from './lower';
import type { Ruleset } from './ruleset';
import type { Diagnostic } from './text';

/**
 * The one pipeline from pasted texts to what the tracer, the graph and the CLI read:
 * iptables-save text → parse → lower (Ruleset) → kubectl → kube-proxy model → Service groups.
 * The worker and the CLI both run it; each asks only for the stages it needs (`until`), so `cli
 * trace` does not pay for the model. Every stage is timed. A stage that throws (a bug — inputs
 * never make a reader throw) becomes an error diagnostic with code `ui/internal-error`, and the
 * later stages run on what there is.
 */

/** How far to run: `ruleset` (parse + lower), `model` (+ kubectl and kube-proxy model), `groups`. */
export type AnalyzeUntil = 'ruleset' | 'model' | 'groups';

export interface AnalyzeInput {
  readonly iptables: string;
  /** kubectl output; empty or omitted = none. */
  readonly kubectl?: string;
  readonly until?: AnalyzeUntil;
}

/** Milliseconds per stage (0 for a stage not run). */
export interface AnalyzeTimings {
  readonly parse: number;
  readonly lower: number;
  readonly kubectl: number;
  readonly model: number;
  readonly groups: number;
}

export interface Analysis {
  readonly ruleset: Ruleset;
  /** null when not asked for (`until: 'ruleset'`) or when the analysis failed. */
  readonly model: KubeProxyModel | null;
  /** null without kubectl text. */
  readonly kubectl: KubectlData | null;
  /** Service groups (`until: 'groups'`), else []. */
  readonly groups: readonly ServiceGroup[];
  /** By the text they point into: the model's kubectl cross-check findings go to `kubectl`. */
  readonly diagnostics: { readonly iptables: Diagnostic[]; readonly kubectl: Diagnostic[] };
  readonly timings: AnalyzeTimings;
}

const EMPTY_RULESET: Ruleset = { family: 'ipv4', tables: {}, ruleCount: 0 };

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** The error diagnostic for a pipeline stage that threw (a bug, never an input problem). */
export function stageFailure(source: Diagnostic['source'], stage: string, e: unknown): Diagnostic {
  const message = e instanceof Error ? e.message : String(e);
  return {
    source,
    severity: 'error',
    code: 'ui/internal-error',
    message: `${stage} failed: ${message}`,
    span: { start: 0, end: 0 },
  };
}

/** Runs the pipeline over the texts; never throws. */
export function analyzeTexts(input: AnalyzeInput): Analysis {
  const until = input.until ?? 'groups';
  const ipt: Diagnostic[] = [];
  const kub: Diagnostic[] = [];
  let ruleset = EMPTY_RULESET;
  const t0 = now();
  let t1 = t0;
  try {
    const parsed = parseIptablesSave(input.iptables);
    ipt.push(...parsed.diagnostics);
    t1 = now();
    const lowered = lowerToRuleset(parsed.result);
    ipt.push(...lowered.diagnostics);
    ruleset = lowered.result;
  } catch (e) {
    ipt.push(stageFailure('iptables', 'Parsing the iptables-save text', e));
  }
  const t2 = now();

  let kubectl: KubectlData | null = null;
  let model: KubeProxyModel | null = null;
  let groups: ServiceGroup[] = [];
  let t3 = t2;
  let t4 = t2;
  if (until !== 'ruleset') {
    const kubectlText = input.kubectl ?? '';
    if (kubectlText.trim() !== '') {
      try {
        const parsed = parseKubectl(kubectlText);
        kub.push(...parsed.diagnostics);
        kubectl = parsed.result;
      } catch (e) {
        kub.push(stageFailure('kubectl', 'Reading the kubectl text', e));
      }
    }
    t3 = now();
    try {
      const analyzed = analyzeKubeProxy(ruleset, kubectl ?? undefined);
      model = analyzed.result;
      for (const d of analyzed.diagnostics) (d.source === 'kubectl' ? kub : ipt).push(d);
    } catch (e) {
      ipt.push(stageFailure('iptables', 'The kube-proxy analysis', e));
    }
    t4 = now();
    if (until === 'groups') {
      try {
        // Groups are a view of the model: the Service port of each group is the model's owner.
        groups = indexServiceGroups(ruleset, kubectl, model ?? undefined);
      } catch (e) {
        ipt.push(stageFailure('iptables', 'Grouping the Service chains', e));
      }
    }
  }
  const t5 = now();
  return {
    ruleset,
    model,
    kubectl,
    groups,
    diagnostics: { iptables: ipt, kubectl: kub },
    timings: { parse: t1 - t0, lower: t2 - t1, kubectl: t3 - t2, model: t4 - t3, groups: t5 - t4 },
  };
}
