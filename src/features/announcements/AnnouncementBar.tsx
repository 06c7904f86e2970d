/** Announcement bar (spec 1 §2.5). Filled in by the announcements work of issue 5. */
export function AnnouncementBar({ symbolId }: { symbolId: string }) {
  return <div id="announcement-area" data-symbol={symbolId} />;
}
