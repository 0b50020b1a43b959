/** Saves an object URL under a file name, through a hidden a[download] (the one way the app downloads a file). */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Saves a blob fetched with the session (a plain link cannot carry the Bearer token). Chromium reads the
 * object URL after the click returns: revoking it at once could cancel the download, so it goes 30 s later.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
