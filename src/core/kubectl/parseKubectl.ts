import type { Diagnostic } from '../text';
import { type Span, span } from '../text';
import { DiagnosticSink } from './codes';
import { emptyCollected } from './collect';
import { readJsonBlock } from './jsonReader';
import {
  isBlank,
  type Line,
  lineAt,
  lineHead,
  looksLikeJsonStart,
  looksLikeYamlStart,
  readShellCommand,
  readStatusLine,
  type ShellCommand,
  type StatusLine,
} from './lines';
import { mergeCollected } from './merge';
import { readTableHeader, type TableHeader } from './tableHeader';
import { readTable } from './tableReader';
import type { KubectlData } from './types';
import { readYamlBlock } from './yamlReader';

/**
 * Reads whatever kubectl output the user pasted into Services, their endpoints and pods,
 * detecting the form block by block: `kubectl get svc,ep[,endpointslices]` and `get pods`
 * tables (with or without `-A`,
 * `-o wide`, one or several tables, padding intact or collapsed), `-o json` and `-o yaml`
 * (single objects, Lists, multi-document YAML), with shell prompts, commands (`-n NS` gives
 * the namespace of tables without a NAMESPACE column), kubectl's stderr lines and unrelated
 * text around them.
 *
 * Never throws; linear in the text (YAML above `MAX_YAML_CHARS` is refused with a diagnostic).
 * @returns `result` (fields the input does not show are `null`) and `diagnostics` with
 *   `source: 'kubectl'`, codes from `KUBECTL_CODES`, spans as offsets into `text`.
 */
export function parseKubectl(text: string): { result: KubectlData; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink();
  const out = emptyCollected();
  if (text.search(/\S/) === -1) {
    sink.report('kubectl/empty', 'No kubectl output was pasted.', span(0, 0));
    return { result: mergeCollected(text, out, sink), diagnostics: sink.finish() };
  }
  let namespace: string | null = null;
  let recognised = false;
  // Runs of unrecognised lines; reported at the end, and only if something was recognised.
  const skipped: Span[] = [];
  let run: Span | null = null;
  let pos = 0;
  while (pos < text.length) {
    const line = lineAt(text, pos);
    const what = classifyLine(text, line);
    if (what.kind === 'text') run = span(run?.start ?? line.start, line.end);
    else if (what.kind !== 'blank' && run) {
      skipped.push(run);
      run = null;
    }
    switch (what.kind) {
      case 'blank':
      case 'text':
        pos = line.next;
        break;
      case 'command':
        // Output after a command belongs to that command: its -n, or unknown.
        namespace = what.command.namespace;
        pos = line.next;
        break;
      case 'status':
        sink.report(`kubectl/${what.status}`, STATUS_MESSAGES[what.status], line);
        recognised = true;
        pos = line.next;
        break;
      case 'header':
        pos = readTable(text, line.start, what.header, namespace, sink, out);
        recognised = true;
        break;
      case 'json':
        pos = readJsonBlock(text, what.start, namespace, sink, out);
        recognised = true;
        break;
      case 'yaml':
        pos = readYamlBlock(text, line.start, namespace, sink, out);
        recognised = true;
        break;
    }
  }
  if (run) skipped.push(run);
  if (recognised) {
    for (const at of skipped) sink.report('kubectl/ignored-text', 'Not kubectl output: ignored.', at);
  } else {
    const first = lineAt(text, text.search(/\S/));
    const message = 'This does not look like kubectl output (`kubectl get svc,ep`, `-o json` or `-o yaml`).';
    sink.report('kubectl/not-kubectl', message, first);
  }
  const result = mergeCollected(text, out, sink);
  // In text order (stable), as editors and the CLI list them.
  return { result, diagnostics: sink.finish().sort((a, b) => a.span.start - b.span.start) };
}

const STATUS_MESSAGES: Record<StatusLine, string> = {
  'server-warning': 'kubectl warning: skipped.',
  'server-error': 'kubectl reported an error here.',
  'no-resources': 'kubectl found nothing here.',
};

type LineClass =
  | { readonly kind: 'blank' | 'text' | 'yaml' }
  | { readonly kind: 'command'; readonly command: ShellCommand }
  | { readonly kind: 'status'; readonly status: StatusLine }
  | { readonly kind: 'header'; readonly header: TableHeader }
  | { readonly kind: 'json'; readonly start: number };

/** What a line starts: the order matters (a `[root@m ~]#` prompt is not a JSON array). */
function classifyLine(text: string, line: Line): LineClass {
  const head = lineHead(text, line);
  if (isBlank(head)) return { kind: 'blank' };
  const command = readShellCommand(head);
  if (command) return { kind: 'command', command };
  const status = readStatusLine(head);
  if (status) return { kind: 'status', status };
  const header = readTableHeader(text, line);
  if (header) return { kind: 'header', header };
  if (looksLikeJsonStart(head))
    return { kind: 'json', start: line.start + head.length - head.trimStart().length };
  if (looksLikeYamlStart(head)) return { kind: 'yaml' };
  return { kind: 'text' };
}
