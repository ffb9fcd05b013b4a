/**
 * The loading view's texts, the only ones the loader (widget/src/element) shows before the flow
 * arrives: in their own module so the loader bundles these and nothing else of the catalogue.
 * ./en.ts and ./de.ts use them too.
 */
export const EN_LOADING = {
  loading: 'Loading payment page...',
  loadError: 'There was a problem loading the payment form. Please try again later or contact support.',
  tryAgain: 'Try again',
};

export const DE_LOADING = {
  loading: 'Zahlungsseite wird geladen...',
  loadError:
    'Beim Laden des Zahlungsformulars ist ein Problem aufgetreten. Bitte versuchen Sie es später erneut oder wenden Sie sich an den Support.',
  tryAgain: 'Erneut versuchen',
};
