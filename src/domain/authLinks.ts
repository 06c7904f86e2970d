/** Login and register links carry a redirect_url back to the current page (spec 1 §6). */
export function authLinks(currentPath: string): { login: string; signUp: string } {
  const redirect = encodeURIComponent(currentPath);
  return { login: `/login?redirect_url=${redirect}`, signUp: `/register?redirect_url=${redirect}` };
}
