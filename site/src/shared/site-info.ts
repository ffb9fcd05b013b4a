/** Small facts about the site that several pages print. */

/** Where the blog's "Contact" link and the legal pages point people. */
export const CONTACT_EMAIL = 'hello@invoicepay.com';
