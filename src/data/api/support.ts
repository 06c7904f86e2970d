import { postJson } from '../http';
import { record, str } from './parse';

export const SUPPORT_CHAT_PATH = '/spot/api/support/chat';

export interface SupportLink {
  label: string;
  url: string;
}

export interface SupportReply {
  reply: string;
  links: SupportLink[];
  suggestions: string[];
}

/** Only links a chat may offer: pages of the site, web pages and mail; never `javascript:` or other schemes. */
const SAFE_URL = /^(\/(?!\/)|https?:\/\/|mailto:)/i;

function parseLink(value: unknown): SupportLink | null {
  if (typeof value !== 'object' || value === null) return null;
  const { label, url } = value as Record<string, unknown>;
  if (typeof label !== 'string' || typeof url !== 'string' || label.trim() === '' || !SAFE_URL.test(url)) return null;
  return { label, url };
}

export function parseSupportReply(value: unknown): SupportReply {
  const o = record(value, 'support reply');
  const links = Array.isArray(o.links) ? o.links.map(parseLink).filter((l): l is SupportLink => l !== null) : [];
  const suggestions = Array.isArray(o.suggestions)
    ? o.suggestions.filter((s): s is string => typeof s === 'string' && s.trim() !== '').slice(0, 6)
    : [];
  return { reply: str(o, 'reply', 'support reply'), links, suggestions };
}

/** One help-chat message; a refusal (e.g. 10001 empty or too long) arrives as ApiError. */
export function sendSupportMessage(message: string, signal?: AbortSignal): Promise<SupportReply> {
  return postJson(SUPPORT_CHAT_PATH, { message }, parseSupportReply, signal);
}

