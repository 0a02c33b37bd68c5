export { buildChainGraph } from './build';
export type { SvgExportOptions } from './exportSvg';
export { exportGraphSvg, ROLE_COLOR } from './exportSvg';
export { layoutGraphRoutes } from './layout';
export type { StepPlace } from './path';
export { pathChains, pathFocusOf, pathHighlight, pathKey, placePath } from './path';
export type { AuthorNote } from './pathAuthors';
export { describePathAuthors } from './pathAuthors';
export { MAX_PATH_NODES } from './pathGraph';
export type { EndpointPlace, PodPlaces } from './podPlaces';
export { detectThisNode, NO_PLACES, nodeNamesOf, placeOf, podPlacesOf } from './podPlaces';
export type { PathPods } from './podWords';
export { endpointWithPlace } from './podWords';
export { endpointBars, formatShare, shareProduct } from './probabilities';
export type { RuleLookup } from './ruleLookup';
export { lookupForTrace } from './ruleLookup';
export type { FinderEntry } from './serviceFinder';
export { countServices, filterEntries, finderEntries } from './serviceFinder';
export { NODE_FONT } from './sizes';
export type { StepView } from './steps';
export { describePath } from './steps';
export type { PacketSuggestion } from './suggestPacket';
export { suggestPacket, suggestSources } from './suggestPacket';
export type {
  ChainGraph,
  EdgeRoute,
  GraphEdge,
  GraphNode,
  GraphPositions,
  GraphRoutes,
  NodeRole,
  PathFocus,
  VerdictFacts,
} from './types';
export { VERDICT_NODE } from './types';
