import { safeLinkUrl } from '../../domain/links';
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

function parseLink(value: unknown): SupportLink | null {
  if (typeof value !== 'object' || value === null) return null;
  const { label, url } = value as Record<string, unknown>;
  // The page's one link rule, plus mail (the chat offers a mail link for a ticket).
  const safe = safeLinkUrl(url, { mailto: true });
  if (typeof label !== 'string' || label.trim() === '' || safe === null) return null;
  return { label, url: safe };
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

