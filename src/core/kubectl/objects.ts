import { collectEndpoints, collectSlice } from './objectEndpoints';
import { asFields, field, list, type ObjectContext, str } from './objectFields';
import { collectPod } from './objectPod';
import { collectService } from './objectService';

/** Nested Lists deeper than this are not followed (a hostile document cannot recurse us away). */
const MAX_LIST_DEPTH = 4;

/**
 * Collects one decoded JSON/YAML value: a `List` / `ServiceList` / `EndpointsList` /
 * `EndpointSliceList` / `PodList` (its items, each pointing at `ctx.at` unless the caller split
 * them), a Service, Endpoints, EndpointSlice or Pod. Other kinds get an info diagnostic; values that are not
 * Kubernetes objects a warning. Never throws.
 */
export function collectObject(value: unknown, ctx: ObjectContext, depth = 0): void {
  const o = asFields(value);
  const kind = str(field(o, 'kind'));
  const isList = Array.isArray(value) || kind === 'List' || !!kind?.endsWith('List');
  if (isList && depth >= MAX_LIST_DEPTH) {
    ctx.sink.report('kubectl/invalid-object', 'Lists nested too deeply.', ctx.at);
    return;
  }
  if (isList) {
    for (const item of Array.isArray(value) ? value : list(field(o, 'items')))
      collectObject(item, ctx, depth + 1);
    return;
  }
  if (!o || kind === null) {
    ctx.sink.report('kubectl/invalid-object', 'Not a Kubernetes object (no kind).', ctx.at);
    return;
  }
  if (kind !== 'Service' && kind !== 'Endpoints' && kind !== 'EndpointSlice' && kind !== 'Pod') {
    ctx.sink.report('kubectl/unsupported-kind', `Ignored a ${kind.slice(0, 60)}.`, ctx.at);
    return;
  }
  if (kind === 'EndpointSlice') {
    collectSlice(o, ctx);
    return;
  }
  const name = str(field(o, 'metadata', 'name'));
  if (!name) {
    ctx.sink.report('kubectl/invalid-object', `A ${kind} without metadata.name.`, ctx.at);
    return;
  }
  if (kind === 'Service') collectService(o, name, ctx);
  else if (kind === 'Pod') collectPod(o, name, ctx);
  else collectEndpoints(o, name, ctx);
}
