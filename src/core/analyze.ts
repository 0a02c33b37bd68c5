import { type IpSet, type IpsetDiagnostic, parseIpset } from './ipset';
import { parseIptablesSave } from './iptables';
import { type IpvsDiagnostic, type IpvsTable, parseIpvsadm, splitNodePaste } from './ipvs';
import { type KubectlData, parseKubectl } from './kubectl';
import { analyzeKubeProxy, indexServiceGroups, type KubeProxyModel, type ServiceGroup } from './kubeproxy';
import { openLazyRuleset } from './lazy';
import { lowerNftables, lowerToRuleset } from './lower';
import { detectRulesetFormat, parseNftables } from './nftables';
import type { Ruleset } from './ruleset';
import type { Diagnostic } from './text';
import { type Packet, type TraceEnv, type TraceResult, trace } from './trace';

/**
 * The one pipeline from pasted texts to what the tracer, the graph and the CLI read:
 * iptables-save text → parse → lower (Ruleset) → kubectl → kube-proxy model → Service groups.
 * An nftables text (`nft list ruleset`, `nft -j list ruleset`, an `nft -f` transaction: detected by
 * `detectRulesetFormat`) is read by core/nftables and lowered into the same Ruleset; everything after
 * is the same.
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
  /** `ipset list` / `ipset save` output; empty or omitted = none (set matches stay assumptions). */
  readonly ipset?: string;
  /** `ipvsadm -Ln` output; empty or omitted = none (an IPVS-mode node's Services are not traced). */
  readonly ipvs?: string;
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
  /** The sets of the ipset text (`TraceEnv.ipsets`), null without one. */
  readonly ipsets: readonly IpSet[] | null;
  /** The IPVS table of the ipvsadm text (`TraceEnv.ipvs`), null without one. */
  readonly ipvs: IpvsTable | null;
  /**
   * The ipvsadm and/or ipset outputs were pasted in the iptables text (splitNodePaste): their
   * diagnostics' spans point into that text, as the iptables ones do.
   */
  readonly nodePasted: boolean;
  /** By the text they point into: the model's kubectl cross-check findings go to `kubectl`. */
  readonly diagnostics: {
    readonly iptables: Diagnostic[];
    readonly kubectl: Diagnostic[];
    readonly ipset: readonly IpsetDiagnostic[];
    readonly ipvs: readonly IpvsDiagnostic[];
  };
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

/** Whether the ruleset text is one of nftables' forms (listing, JSON, transaction). */
function isNftables(text: string): boolean {
  const format = detectRulesetFormat(text);
  return format === 'nft-listing' || format === 'nft-json' || format === 'nft-transaction';
}

/** Runs the pipeline over the texts; never throws. */
export function analyzeTexts(given: AnalyzeInput): Analysis {
  const input = withNodePaste(given);
  const until = input.until ?? 'groups';
  const ipt: Diagnostic[] = [];
  const kub: Diagnostic[] = [];
  let ruleset = EMPTY_RULESET;
  const t0 = now();
  let t1 = t0;
  try {
    if (isNftables(input.iptables)) {
      const parsed = parseNftables(input.iptables);
      ipt.push(...parsed.diagnostics);
      t1 = now();
      const lowered = lowerNftables(parsed.result);
      ipt.push(...lowered.diagnostics);
      ruleset = lowered.result;
    } else {
      const parsed = parseIptablesSave(input.iptables);
      ipt.push(...parsed.diagnostics);
      t1 = now();
      const lowered = lowerToRuleset(parsed.result);
      ipt.push(...lowered.diagnostics);
      ruleset = lowered.result;
    }
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
  const ipset = readIpsets(input.ipset);
  const ipvs = readIpvs(input.ipvs);
  return {
    ruleset,
    model,
    kubectl,
    groups,
    ipsets: ipset.sets,
    ipvs: ipvs.table,
    nodePasted: input !== given,
    diagnostics: { iptables: ipt, kubectl: kub, ipset: ipset.diagnostics, ipvs: ipvs.diagnostics },
    timings: { parse: t1 - t0, lower: t2 - t1, kubectl: t3 - t2, model: t4 - t3, groups: t5 - t4 },
  };
}

export interface TraceTextsInput {
  readonly iptables: string;
  readonly packet: Packet;
  /** `env.ipsets` / `env.ipvs`, when absent, come from the `ipset` / `ipvs` texts. */
  readonly env: TraceEnv;
  readonly ipset?: string;
  readonly ipvs?: string;
}

/** What `traceTexts` read and traced. */
export interface TextsTrace {
  /** Read on demand (core/lazy) when `lazy`, else the full pipeline's; either traces the same. */
  readonly ruleset: Ruleset;
  readonly trace: TraceResult;
  /**
   * The iptables diagnostics of the lines read: when `lazy`, those of the chains (and rules) the
   * trace read — each as the full parse gives it — without the document-wide ones (jumps to missing
   * chains, jump loops and depth), which need every rule; the full analysis has them all.
   */
  readonly diagnostics: {
    readonly iptables: Diagnostic[];
    readonly ipset?: readonly IpsetDiagnostic[];
    readonly ipvs?: readonly IpvsDiagnostic[];
  };
  readonly lazy: boolean;
  /** Why the full pipeline ran instead (null when lazy). */
  readonly fullReason: string | null;
  /** Chains read whole and rules read, of all rules. */
  readonly read: { readonly chains: number; readonly rules: number; readonly of: number };
  /** Milliseconds: scan (or parse + lower), then trace (reads included). */
  readonly timings: { readonly open: number; readonly trace: number };
}

/**
 * Paste → first trace: traces one packet through an iptables-save text reading only what the trace
 * needs (one scan, then the chains the walk enters, and of KUBE-SERVICES-like chains the rules that
 * can match: core/lazy). The outcomes are exactly the full pipeline's: a text the lazy reader does
 * not take, or one whose lines do not read as its scan said, runs `analyzeTexts` + `trace` instead.
 * Never throws.
 */
export function traceTexts(pasted: TraceTextsInput): TextsTrace {
  const given = withNodePaste(pasted);
  const sets = readIpsets(given.ipset);
  const ipvs = readIpvs(given.ipvs);
  const env = withIpvs(withIpsets(given.env, sets.sets), ipvs.table);
  const node = { ipset: sets.diagnostics, ipvs: ipvs.diagnostics };
  const traced = traceTextsWith({ ...given, env });
  return { ...traced, diagnostics: { ...traced.diagnostics, ...node } };
}

function traceTextsWith(input: TraceTextsInput): TextsTrace {
  if (isNftables(input.iptables)) return traceFully(input, 'an nftables ruleset is read whole');
  const t0 = now();
  const opened = openLazyRuleset(input.iptables);
  const t1 = now();
  if ('ruleset' in opened) {
    const result = trace(opened.ruleset, input.packet, input.env);
    const store = opened.store;
    const broken =
      store.mismatch ?? (result.diagnostics.some((d) => d.code === 'trace/internal-error') ? 'tracer' : null);
    if (broken === null) {
      const diagnostics = [...store.read].sort((a, b) => a.span.start - b.span.start);
      return {
        ruleset: opened.ruleset,
        trace: result,
        diagnostics: { iptables: diagnostics },
        lazy: true,
        fullReason: null,
        read: { chains: store.chainsRead, rules: store.rulesRead, of: store.scan.ruleCount },
        timings: { open: t1 - t0, trace: now() - t1 },
      };
    }
    return traceFully(input, `read differently: ${broken}`);
  }
  return traceFully(input, opened.reason);
}

function traceFully(input: TraceTextsInput, reason: string): TextsTrace {
  const analysis = analyzeTexts({ iptables: input.iptables, until: 'ruleset' });
  const t1 = now();
  const result = trace(analysis.ruleset, input.packet, input.env);
  return {
    ruleset: analysis.ruleset,
    trace: result,
    diagnostics: { iptables: analysis.diagnostics.iptables },
    lazy: false,
    fullReason: reason,
    read: { chains: -1, rules: analysis.ruleset.ruleCount, of: analysis.ruleset.ruleCount },
    timings: { open: analysis.timings.parse + analysis.timings.lower, trace: now() - t1 },
  };
}

// ---- ipsets (issue 12): `ipset list` / `ipset save` text → TraceEnv.ipsets ----

/** Reads the ipset text; never throws (a reader failure is a bug: no sets, no diagnostics). */
function readIpsets(text: string | undefined): {
  readonly sets: readonly IpSet[] | null;
  readonly diagnostics: readonly IpsetDiagnostic[];
} {
  if (text === undefined || text.trim() === '') return { sets: null, diagnostics: [] };
  try {
    const parsed = parseIpset(text);
    return { sets: parsed.result.sets, diagnostics: parsed.diagnostics };
  } catch {
    return { sets: null, diagnostics: [] };
  }
}

/** `env` with `ipsets` set from `sets` unless it already has its own. */
export function withIpsets(env: TraceEnv, sets: readonly IpSet[] | null): TraceEnv {
  return sets === null || env.ipsets !== undefined ? env : { ...env, ipsets: sets };
}

// ---- IPVS (issue 12): `ipvsadm -Ln` text → TraceEnv.ipvs ----

/** Reads the ipvsadm text; never throws. */
function readIpvs(text: string | undefined): {
  readonly table: IpvsTable | null;
  readonly diagnostics: readonly IpvsDiagnostic[];
} {
  if (text === undefined || text.trim() === '') return { table: null, diagnostics: [] };
  try {
    const parsed = parseIpvsadm(text);
    return { table: parsed.result, diagnostics: parsed.diagnostics };
  } catch {
    return { table: null, diagnostics: [] };
  }
}

/** `env` with `ipvs` set from `table` unless it already has its own. */
export function withIpvs(env: TraceEnv, table: IpvsTable | null): TraceEnv {
  return table === null || env.ipvs !== undefined ? env : { ...env, ipvs: table };
}

/**
 * `input` with the ipvsadm / ipset outputs taken out of its iptables text when they were pasted
 * there together (and not given apart): the same object when there are none.
 */
function withNodePaste<T extends { iptables: string; ipvs?: string; ipset?: string }>(input: T): T {
  if ((input.ipvs ?? '').trim() !== '' || (input.ipset ?? '').trim() !== '') return input;
  // An `nft -f` transaction's `add table|chain|rule|element …` lines read like `ipset save`'s
  // `add SET MEMBER`: nftables text is never split (IPVS and ipsets belong to iptables nodes).
  if (isNftables(input.iptables)) return input;
  const split = splitNodePaste(input.iptables);
  if (split === null) return input;
  return {
    ...input,
    iptables: split.iptables,
    ...(split.ipvs.trim() === '' ? {} : { ipvs: split.ipvs }),
    ...(split.ipset.trim() === '' ? {} : { ipset: split.ipset }),
  };
}
