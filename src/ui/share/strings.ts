import type { DecodeError } from '../../core/share/codec';

/**
 * Every user-visible string of the share / gallery / scenario-file UI, in English, in one place so
 * the i18n work can translate them without hunting through components.
 */
export const SHARE_STRINGS = {
  shareButton: 'Share',
  galleryButton: 'Gallery',
  downloadButton: 'Download scenario',
  openButton: 'Open scenario',
  openFileLabel: 'Open scenario file',
  close: 'Close',
  shareTitle: 'Share this scenario',
  shareIntro:
    'The link holds your input, packet and view in its fragment (after #): browsers never send it to a server.',
  permalink: 'Permalink',
  copy: 'Copy link',
  copied: 'Copied to the clipboard.',
  copyFailed: 'Copying failed: select the link and copy it yourself.',
  encoding: 'Making the link…',
  encodeFailed: 'The link could not be made in this browser.',
  length: (n: number) => `${new Intl.NumberFormat('en-US').format(n)} characters`,
  tooLong: (max: number) =>
    `Over ${new Intl.NumberFormat('en-US').format(max)} characters: some chat tools and browsers cut such links. Make it smaller:`,
  onlyPath: 'Only the Services on the current path',
  onlyPathUnavailable: 'Send a packet first: the current path decides which Services stay.',
  redactAddresses: 'Redact addresses',
  redactNames: 'Redact names',
  regenerate: 'Regenerate link',
  pathKept: (n: number) => `Kept the rules of ${n} Service port${n === 1 ? '' : 's'} on the path.`,
  redactedAddresses: (n: number) =>
    `Addresses were remapped (${n} address${n === 1 ? '' : 'es'}); the packet was remapped too.`,
  redactedNames: (n: number) => `Names were remapped (${n} name${n === 1 ? '' : 's'}).`,
  confirmTitle: 'Replace your current input with the shared scenario?',
  confirmBody: 'Your own iptables and kubectl text will be replaced. Download it first to keep a copy.',
  replace: 'Replace',
  keepMine: 'Keep mine',
  galleryTitle: 'Gallery',
  galleryIntro: 'Workshop scenarios: each opens a node’s rules and a packet to send, with a short lesson.',
  open: 'Open',
  openGallery: (title: string) => `Open “${title}”`,
  lesson: 'Lesson',
  closeLesson: 'Close lesson',
  errorTitle: 'This scenario could not be opened',
  dismiss: 'Dismiss',
  unknownGallery: (id: string) => `There is no gallery scenario called “${id}”.`,
  fileUnreadable: (name: string) => `Could not read ${name}.`,
  fileNotScenario:
    'This file is not a kube-proxy explorer scenario (the "kube-proxy-explorer-scenario" key is missing).',
} as const;

/** What each decode failure means, in words (the codes are stable, see codec.ts). */
export const DECODE_MESSAGES: Record<DecodeError, string> = {
  'share/not-a-link': 'This link holds no scenario.',
  'share/bad-base64': 'This link is damaged (not valid base64url).',
  'share/unknown-version':
    'This link was made by a newer or unknown version of kube-proxy explorer (unknown version).',
  'share/too-large': 'This link is too large: its scenario inflates past the 64 MB limit.',
  'share/corrupt': 'This link is damaged (its compressed data is corrupt).',
  'share/bad-json': 'This link is damaged (its content is not valid JSON).',
  'share/bad-shape': 'This link does not hold a valid scenario (a field is missing or wrong).',
};
