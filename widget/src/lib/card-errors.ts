/** The widget reads card errors with the server's words (core/card-errors.ts). */
export { CARD_MESSAGES, cardErrorMessage, type CardError } from '../../../core/card-errors.ts';
