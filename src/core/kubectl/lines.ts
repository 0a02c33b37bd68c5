/**
 * Line-level helpers for the kubectl readers: a line cursor that never copies the text ahead of
 * it, and the classifiers for what users paste around kubectl output (shell prompts with the
 * command, kubectl's own stderr lines). Classifiers look at a bounded prefix of the line so that
 * a 50 MB line without a newline stays linear.
 */

export interface Line {
  /** Offset of the first character. */
  readonly start: number;
  /** Offset just past the last character, before `\r\n` / `\n`. */
  readonly end: number;
  /** Offset of the next line (`text.length` at the end). */
  readonly next: number;
}

/** The line that starts at `pos` (`pos` must be a line start). */
export function lineAt(text: string, pos: number): Line {
  const nl = text.indexOf('\n', pos);
  const next = nl === -1 ? text.length : nl + 1;
  let end = nl === -1 ? text.length : nl;
  if (end > pos && text.charCodeAt(end - 1) === 13) end--;
  return { start: pos, end, next };
}

/** How much of a line the classifiers read. */
const HEAD = 400;

/** The first `HEAD` characters of a line. */
export function lineHead(text: string, line: Line): string {
  return text.slice(line.start, Math.min(line.end, line.start + HEAD));
}

/** True for an empty or whitespace-only line. */
export function isBlank(head: string): boolean {
  return head.trim() === '';
}

/** A shell command pasted along with its output, e.g. `[root@m ~]# kubectl get svc -n shop`. */
export interface ShellCommand {
  /** True for `kubectl …` / `oc …` (OpenShift's client prints the same tables). */
  readonly kubectl: boolean;
  /** From `-n NS` / `--namespace=NS`; `null` when the command does not say. */
  readonly namespace: string | null;
}

// `[user@host dir]# cmd`, `user@host:~$ cmd`, `bash-4.2$ cmd`, `$ cmd`, `# kubectl …`.
// The bracket part is lazy: Cloudflare-obfuscated pastes read `[[email protected] ~]#`.
const PROMPT = /^\s*(\[.{0,120}?\]\s?[$#%]|[\w.@:~/()-]{0,120}[$#%>])\s*(.*)$/;
const KUBECTL = /^(?:sudo\s+)?(?:\S*\/)?(kubectl|oc)(?:\s|$)/;

/**
 * Recognises a shell command line. A prompt with a prefix (`user@host$`) marks any command; a
 * bare `#`, `>` or `%` only counts when kubectl follows (else it is a heading or a quote).
 */
export function readShellCommand(head: string): ShellCommand | null {
  let command: string;
  const prompt = PROMPT.exec(head);
  if (prompt) {
    command = prompt[2] ?? '';
    const bare = (prompt[1] ?? '').trim();
    if (bare.length === 1 && bare !== '$' && !KUBECTL.test(command)) return null;
    // A prompt alone (`[root@m ~]# `) still separates one command's output from the next.
    if (command === '') return bare.length > 1 ? { kubectl: false, namespace: null } : null;
  } else if (KUBECTL.test(head.trimStart())) {
    command = head.trimStart();
  } else {
    return null;
  }
  if (!KUBECTL.test(command)) return { kubectl: false, namespace: null };
  return { kubectl: true, namespace: namespaceFlag(command) };
}

/** `-n NS`, `-nNS`, `--namespace NS`, `--namespace=NS`, up to the first pipe or `;`. */
function namespaceFlag(command: string): string | null {
  const words = command.split(/\s+/);
  let namespace: string | null = null;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (w === '|' || w === ';' || w === '&&' || w === '||' || w.startsWith('>')) break;
    if (w === '-n' || w === '--namespace') namespace = words[i + 1] ?? null;
    else if (w.startsWith('--namespace=')) namespace = w.slice('--namespace='.length);
    else if (/^-n[a-z0-9]/.test(w)) namespace = w.slice(2);
  }
  return namespace !== null && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(namespace) ? namespace : null;
}

/** kubectl's stderr lines that users paste along (`2>&1`). */
export type StatusLine = 'server-warning' | 'server-error' | 'no-resources';

/** Which kubectl stderr line this is (`Warning: …`, `Error from server …`, `No resources found …`), or `null`. */
export function readStatusLine(head: string): StatusLine | null {
  const t = head.trimStart();
  if (t.startsWith('Warning: ')) return 'server-warning';
  if (t.startsWith('Error from server') || t.startsWith('error: ')) return 'server-error';
  if (t.startsWith('No resources found')) return 'no-resources';
  return null;
}

/** `{` or `[` opening a JSON document (not `[K8S] …` prose nor a `[root@m ~]#` prompt). */
export function looksLikeJsonStart(head: string): boolean {
  return /^\s*(\{\s*("|\}|$)|\[\s*(\{|\]|$))/.test(head);
}

/** `apiVersion: v1` / `kind: List` at column 0: the start of `-o yaml` output. */
export function looksLikeYamlStart(head: string): boolean {
  return /^(apiVersion|kind):[ \t]*\S/.test(head);
}
