/**
 * Hands a blob to the browser as a file download (a chart screenshot, a CSV
 * export, saved accounts). The link is in the document while it is clicked,
 * which some browsers need; the URL is revoked later, since some read it
 * after click() returns.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
