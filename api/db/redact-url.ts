/** A URL as it may be shown in a log or a start-up error: its password replaced. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][\w+.-]*:\/\/[^:/@\s]*):[^@/\s]*@/i, '$1:***@');
}
