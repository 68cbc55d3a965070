/**
 * Puts text on the clipboard. The Clipboard API exists only in secure contexts (not on a
 * plain-http LAN address), so the fallback selects the given input and asks the browser
 * to copy; false when neither worked and the user must copy by hand.
 */
export async function copyText(text: string, fallbackInput: () => HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, document not focused): try the selection below.
  }
  const el = fallbackInput();
  if (!el) return false;
  el.focus();
  el.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
