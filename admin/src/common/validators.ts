/** A link must be an http(s) address (the API checks the same). */
export const httpUrl = (value: unknown) =>
  !value || /^https?:\/\/[^\s]+$/i.test(String(value)) ? undefined : 'conveyor.errors.url';
