import type { Language } from '../../i18n';
import type { OpenError } from '../../state/scenario';
import { useLang } from '../useT';

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
};

export type ShareStrings = typeof SHARE_STRINGS;

const zhNumber = new Intl.NumberFormat('zh-CN');

/** 简体中文, in the vocabulary of the Chinese kube-proxy articles (链, 规则, 端点, 集群外部…). */
const SHARE_STRINGS_ZH: ShareStrings = {
  shareButton: '分享',
  galleryButton: '场景库',
  downloadButton: '下载场景',
  openButton: '打开场景',
  openFileLabel: '打开场景文件',
  close: '关闭',
  shareTitle: '分享这个场景',
  shareIntro: '链接把你的输入、数据包和视图保存在片段（# 之后）中：浏览器从不把它发送给服务器。',
  permalink: '永久链接',
  copy: '复制链接',
  copied: '已复制到剪贴板。',
  copyFailed: '复制失败：请选中链接自行复制。',
  encoding: '正在生成链接…',
  encodeFailed: '此浏览器无法生成链接。',
  length: (n: number) => `${zhNumber.format(n)} 个字符`,
  tooLong: (max: number) =>
    `超过 ${zhNumber.format(max)} 个字符：一些聊天工具和浏览器会截断这样的链接。可以缩小它：`,
  onlyPath: '只保留当前路径上的 Service',
  onlyPathUnavailable: '请先发送一个数据包：由当前路径决定保留哪些 Service。',
  redactAddresses: '隐去地址',
  redactNames: '隐去名称',
  regenerate: '重新生成链接',
  pathKept: (n: number) => `保留了路径上 ${n} 个 Service 端口的规则。`,
  redactedAddresses: (n: number) => `地址已替换（${n} 个）；数据包也已相应替换。`,
  redactedNames: (n: number) => `名称已替换（${n} 个）。`,
  confirmTitle: '用分享的场景替换你当前的输入吗？',
  confirmBody: '你自己的 iptables 和 kubectl 文本将被替换。如需保留，请先下载一份。',
  replace: '替换',
  keepMine: '保留我的',
  galleryTitle: '场景库',
  galleryIntro: '培训用场景：每个场景打开一个节点的规则和一个待发送的数据包，并附有简短讲解。',
  open: '打开',
  openGallery: (title: string) => `打开“${title}”`,
  lesson: '讲解',
  closeLesson: '关闭讲解',
  errorTitle: '无法打开这个场景',
  dismiss: '知道了',
};

type RefusalCode = OpenError['code'];
type Refusals = Record<RefusalCode, (subject: string) => string>;

/**
 * What each refusal means, in a sentence of its own (the codes are stable: codec.ts,
 * workers/scenarioFileRead.ts, state/galleryFragment.ts). Links are called links, files files.
 */
const REFUSALS: Refusals = {
  'share/not-a-link': () => 'This link holds no scenario.',
  'share/bad-base64': () => 'This link is damaged: its text is not valid base64url (was it cut or retyped?).',
  'share/unknown-version': () =>
    'This link was made by a newer or unknown version of kube-proxy explorer (unknown version).',
  'share/too-large': () =>
    'This link is too large: its scenario inflates past the 64 MB limit, so it was not opened.',
  'share/corrupt': () => 'This link is damaged: its compressed data is corrupt or cut short.',
  'share/bad-json': () => 'This link is damaged: its content is not valid JSON.',
  'share/bad-shape': () => 'This link does not hold a valid scenario (a field is missing or wrong).',
  'share/decoder-stopped': () =>
    'This could not be checked: the decoder stopped (the browser may be short of memory). Nothing was opened.',
  'file/unreadable': (name) => `The file ${name} could not be read.`,
  'file/too-large': (name) =>
    `The file ${name} is too large: scenario files are at most 64 MB, so it was not read.`,
  'file/not-a-scenario': (name) =>
    `The file ${name} is not a kube-proxy explorer scenario (the "kube-proxy-explorer-scenario" key is missing).`,
  'file/bad-json': (name) => `The file ${name} is not valid JSON, so it is not a scenario file.`,
  'file/bad-shape': (name) =>
    `The file ${name} does not hold a valid scenario (a field is missing or wrong).`,
  'file/unknown-version': (name) =>
    `The file ${name} was made by a newer or unknown version of kube-proxy explorer (unknown version).`,
  'gallery/unknown-id': (id) => `There is no gallery scenario called “${id}”.`,
  'gallery/bad-id': (id) =>
    `“${id}” is not a gallery scenario id: ids are lowercase letters, digits and hyphens. Open the Gallery to pick one.`,
  'gallery/empty-id': () =>
    'This gallery link names no scenario (nothing after #g=). Open the Gallery to pick one.',
};

const REFUSALS_ZH: Refusals = {
  'share/not-a-link': () => '这个链接里没有场景。',
  'share/bad-base64': () => '这个链接已损坏：其文本不是有效的 base64url（是否被截断或改动过？）。',
  'share/unknown-version': () => '这个链接由更新的或未知版本的 kube-proxy explorer 生成（未知版本）。',
  'share/too-large': () => '这个链接太大：其场景解压后超过 64 MB 上限，因此没有打开。',
  'share/corrupt': () => '这个链接已损坏：压缩数据损坏或不完整。',
  'share/bad-json': () => '这个链接已损坏：内容不是有效的 JSON。',
  'share/bad-shape': () => '这个链接不包含有效的场景（缺少字段或字段有误）。',
  'share/decoder-stopped': () => '无法检查：解码器已停止（浏览器可能内存不足）。没有打开任何内容。',
  'file/unreadable': (name) => `无法读取文件 ${name}。`,
  'file/too-large': (name) => `文件 ${name} 太大：场景文件最大 64 MB，因此没有读取。`,
  'file/not-a-scenario': (name) =>
    `文件 ${name} 不是 kube-proxy explorer 场景（缺少 "kube-proxy-explorer-scenario" 键）。`,
  'file/bad-json': (name) => `文件 ${name} 不是有效的 JSON，因此不是场景文件。`,
  'file/bad-shape': (name) => `文件 ${name} 不包含有效的场景（缺少字段或字段有误）。`,
  'file/unknown-version': (name) =>
    `文件 ${name} 由更新的或未知版本的 kube-proxy explorer 生成（未知版本）。`,
  'gallery/unknown-id': (id) => `场景库中没有名为“${id}”的场景。`,
  'gallery/bad-id': (id) =>
    `“${id}”不是场景库的场景 id：id 只含小写字母、数字和连字符。请打开场景库选择一个。`,
  'gallery/empty-id': () => '这个场景库链接没有指明场景（#g= 之后为空）。请打开场景库选择一个。',
};

/** The share strings of a language. */
function shareStrings(language: Language): ShareStrings {
  return language === 'zh-CN' ? SHARE_STRINGS_ZH : SHARE_STRINGS;
}

/** Why a link or file was refused, in words of `language` (the alert's text). */
export function openErrorMessage(error: OpenError, language: Language): string {
  return (language === 'zh-CN' ? REFUSALS_ZH : REFUSALS)[error.code](error.subject);
}

/** The share strings of the current language; re-renders when the language changes. */
export function useShareStrings(): ShareStrings {
  return shareStrings(useLang());
}
