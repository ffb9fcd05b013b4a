/**
 * The widget's German texts (`lang="de"`): the second language, proving that every text goes
 * through the catalogue. Same keys as ./en.ts (the type says so). Money and dates follow the
 * German locale unless the element's `locale` says otherwise; amounts typed into the amount field
 * are read with German separators (1.250,50).
 */
import type { Messages } from './en.ts';
import { DE_LOADING } from './loading-texts.ts';

const { loading, loadError, tryAgain } = DE_LOADING;

export const de: Messages = {
  locale: 'de-DE',
  loading,
  fetching: 'Händler wird gesucht...',
  preparing: 'Zahlungsformular wird vorbereitet...',

  notFoundTitle: 'Händler nicht gefunden',
  notFoundHosted:
    'Wir konnten den gesuchten Händler nicht finden. Bitte prüfen Sie die Adresse und versuchen Sie es erneut.',
  notFoundEmbedded:
    'Dieses Zahlungsformular ist mit keinem uns bekannten Unternehmen verknüpft und kann keine Zahlungen annehmen. Bitte wenden Sie sich an das Unternehmen, dem diese Website gehört, um Ihre Rechnung zu bezahlen.',
  notConfiguredTitle: 'Händler nicht eingerichtet',
  notConfigured:
    'Dieser Händler hat die Einrichtung der Zahlungen noch nicht abgeschlossen. Bitte wenden Sie sich direkt an ihn.',
  invalidTitle: 'Ungültiger Zahlungslink',
  invalidNextHosted: 'Bitte prüfen Sie den Zahlungslink und versuchen Sie es erneut.',
  invalidNextEmbedded:
    'Diesem Zahlungsformular fehlen Angaben. Bitte wenden Sie sich an das Unternehmen, dem diese Website gehört, um Ihre Rechnung zu bezahlen.',
  missingInvoice: 'Ungültiger Zahlungslink: Die Rechnungsnummer fehlt.',
  invalidMerchantHosted: 'Ungültiger Händler. Bitte prüfen Sie die Adresse und versuchen Sie es erneut.',
  invalidMerchantEmbedded: 'Ungültiger Zahlungslink: Das Formular nennt keinen Händler.',
  unsupportedCurrency: (code) => `Ungültiger Zahlungslink: Die Währung ${code} wird nicht unterstützt.`,
  unavailableTitle: 'Zahlungsseite nicht verfügbar',
  loadError,
  network:
    'Der Zahlungsserver ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  tryAgain,
  contactMerchant: (name) => `Kontakt zu ${name}:`,
  crashTitle: 'Etwas ist schiefgelaufen',
  crashText: (message) => `Das Zahlungsformular wurde unerwartet beendet: ${message}`,

  invoicePayment: 'Rechnung bezahlen',
  invoice: 'Rechnung',
  invoiceTotal: (total) => `Rechnungsbetrag: ${total}`,
  balance: (balance) => `Offener Betrag: ${balance}`,
  testMode: 'Testmodus',
  invoiceDetails: 'Rechnungsdetails',
  dueOn: (date) => `fällig am ${date}`,
  overdue: 'überfällig',
  invoiceLines: (number) => `Positionen der Rechnung ${number}`,
  lineDescription: 'Beschreibung',
  lineQuantity: 'Menge',
  lineAmount: 'Betrag',
  subtotal: 'Zwischensumme',
  tax: 'Steuer',
  total: 'Gesamt',
  issued: 'Ausgestellt',
  invoicePdf: (tool) => `Rechnung herunterladen (PDF aus ${tool})`,
  viewReceipt: 'Beleg ansehen oder drucken',

  amountLabel: (currency) => `Zahlungsbetrag (${currency})`,
  cardLimit: (maximum, bankDebit) =>
    `Eine Kartenzahlung kann höchstens ${maximum} betragen (das Kartenlimit, Aufschlag inbegriffen). Zahlen Sie den Rest mit einer weiteren Karte` +
    (bankDebit ? ' oder alles auf einmal per Lastschrift.' : '.'),
  quickAmounts: 'Schnellauswahl',
  quickAmountLabel: (percent) => `${percent} % des offenen Betrags zahlen`,
  changeAmount: 'Zahlungsbetrag ändern',
  statePrompt: 'Bitte geben Sie den Betrag ein, den Sie zahlen möchten',
  useAmount: 'Diesen Betrag verwenden',
  breakdownAmount: 'Betrag',
  breakdownSurcharge: (percent) => `Aufschlag (${percent} %)`,
  breakdownTotal: 'Gesamt',
  invalidAmount: 'Bitte geben Sie einen gültigen Zahlungsbetrag ein.',
  exceedsBalance: (balance) => `Der Zahlungsbetrag darf den offenen Betrag von ${balance} nicht übersteigen.`,
  balanceBelowMinimum: (balance, minimum) =>
    `Der offene Betrag von ${balance} liegt unter der kleinsten Kartenzahlung (${minimum}) und kann nicht per Karte bezahlt werden.`,
  belowMinimum: (minimum) => `Die Mindestzahlung beträgt ${minimum}.`,
  remainderBelowMinimum: (rest, balance, minimum) =>
    `Damit blieben ${rest} offen, weniger als die kleinste Kartenzahlung. Zahlen Sie ${balance} oder lassen Sie mindestens ${minimum} offen.`,
  aboveMaximum:
    'Dieser Betrag liegt über dem Kartenlimit pro Zahlung; bitte teilen Sie ihn auf mehrere Karten auf.',

  emailLabel: 'E-Mail für den Beleg (optional)',
  emailInvalid: 'Die E-Mail-Adresse ist ungültig',

  paymentDetails: 'Kartendaten',
  stripeStarting: 'Stripe wird noch mit dem Händlerkonto eingerichtet. Bitte versuchen Sie es erneut.',
  stripeMissing: 'Stripe wurde nicht geladen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  cardholderName: 'Name des Karteninhabers',
  cardNumber: 'Kartennummer',
  cardExpiry: 'Ablaufdatum (MM/JJ)',
  cardCvc: 'Prüfnummer (CVC)',
  testCardsSummary: 'Testkartennummern',
  testCards:
    'Testkarten: 4242 4242 4242 4242 Visa Kredit; 4000 0566 5566 5556 Visa Debit; 4000 0003 6000 0006 australische Visa; 4000 0000 0000 0002 wird abgelehnt; 4000 0000 0000 9995 keine Deckung; 4000 0000 0000 9979 gestohlen; 4000 0000 0000 0069 abgelaufen; 4000 0000 0000 3220 verlangt 3-D Secure. Beliebiges künftiges Ablaufdatum und beliebige Prüfnummer.',
  incompleteNumber: 'Ihre Kartennummer ist unvollständig.',
  incompleteExpiry: 'Das Ablaufdatum Ihrer Karte ist unvollständig.',
  incompleteCvc: 'Die Prüfnummer Ihrer Karte ist unvollständig.',
  threeDsTitle: '3-D-Secure-Bestätigung (Testmodus)',
  threeDsText: 'Ihre Bank bittet Sie, diese Zahlung zu bestätigen.',
  threeDsComplete: 'Bestätigung abschließen',
  threeDsFail: 'Bestätigung ablehnen',

  paymentMethod: 'Zahlungsart',
  methodCard: 'Karte',
  methodBankDebit: 'BECS-Lastschrift',
  accountHolderName: 'Name des Kontoinhabers',
  accountEmail: 'E-Mail',
  bsb: 'BSB',
  accountNumber: 'Kontonummer',
  bsbHint: '6 Ziffern',
  accountNumberHint: 'Bis zu 9 Ziffern',
  mandateText: (merchant) =>
    `Mit der Angabe Ihrer Bankverbindung stimmen Sie dieser Lastschriftanforderung (Direct Debit Request) und der zugehörigen Dienstleistungsvereinbarung zu und ermächtigen Stripe Payments Australia Pty Ltd ACN 160 180 343, Direct Debit User ID 507156 („Stripe“), Ihr Konto über das Bulk Electronic Clearing System (BECS) im Auftrag von ${merchant} (der „Händler“) mit den Beträgen zu belasten, die Ihnen der Händler gesondert mitteilt. Sie bestätigen, dass Sie Inhaber oder Zeichnungsberechtigter des oben angegebenen Kontos sind.`,
  mandateAccept: 'Ich akzeptiere die Lastschriftanforderung und ihre Dienstleistungsvereinbarung',
  testAccountsSummary: 'Testkonten',
  testAccounts:
    'Testkonten, BSB 000-000: 000123456 wird nach einer Verzögerung erfolgreich; 111111113 schlägt fehl (Konto geschlossen); 111111116 schlägt fehl (Deckung unzureichend); 222222227 wird erfolgreich und dann angefochten.',
  incompleteName: 'Geben Sie den Namen des Kontoinhabers ein.',
  incompleteEmail: 'Geben Sie Ihre E-Mail-Adresse ein.',
  incompleteBsb: 'Ihre BSB ist unvollständig.',
  incompleteAccountNumber: 'Ihre Kontonummer ist unvollständig.',
  mandateNotAccepted: 'Akzeptieren Sie die Lastschriftanforderung, um per Lastschrift zu zahlen.',
  noNextAction: 'Diese Zahlung kann nicht abgeschlossen werden.',

  methodPayTo: 'PayTo',
  payToBy: 'Zahlen von',
  payToByPayId: 'PayID',
  payToByAccount: 'BSB und Kontonummer',
  payToPayId: 'PayID (E-Mail, Mobilnummer oder ABN)',
  payToName: 'Ihr Name',
  payToHowItWorks: (merchant) =>
    `Nach „Bezahlen“ sendet ${merchant} eine Zahlungsanfrage an Ihre Bank. Geben Sie sie in Ihrer Banking-App frei, um direkt von Ihrem Konto zu zahlen, in Sekunden.`,
  incompletePayId: 'Geben Sie Ihre PayID ein: eine E-Mail-Adresse, eine Mobilnummer oder eine ABN.',
  testPayToSummary: 'Test-PayIDs und -Konten',
  testPayTo:
    'Test-PayIDs: customer@payto.test wartet, bis Sie auf der Testbank-Seite freigeben oder ablehnen (ebenso BSB 000-000, Konto 000123456); approve@payto.test wird nach einigen Sekunden von selbst freigegeben; decline@payto.test wird abgelehnt; expire@payto.test wird nie freigegeben und läuft ab.',
  approveTitle: 'Zahlung in Ihrer Banking-App freigeben',
  approveText: (merchant) => `Geben Sie die Zahlungsanfrage von ${merchant} in Ihrer Banking-App frei.`,
  approveFrom: 'Von',
  approveAmount: 'Betrag',
  approveWithin: 'Freigabe innerhalb von {clock}. Bis dahin ist Ihre Zahlung für Sie reserviert.',
  approveExpired: 'Die Zeit für die Freigabe ist abgelaufen. Wir fragen bei Ihrer Bank nach...',
  approveApproved: 'Von Ihrer Bank freigegeben. Ihre Zahlung wird abgeschlossen...',
  approveWaiting: 'Warten auf Ihre Bank...',
  approveTestBank: 'Test-Banking-App öffnen (Testmodus)',
  approveCancel: 'Diese Zahlung abbrechen',
  approveCancelling: 'Wird abgebrochen...',
  approveDeclined: 'Die Zahlung wurde in Ihrer Banking-App abgelehnt. Es wurde kein Geld abgebucht.',
  approveTimedOut: 'Die Zahlung wurde nicht rechtzeitig freigegeben. Es wurde kein Geld abgebucht.',
  approveCancelled: 'Sie haben die Zahlung abgebrochen. Es wurde kein Geld abgebucht.',

  cardInsufficientFunds:
    'Ihre Karte ist nicht ausreichend gedeckt. Bitte wählen Sie eine andere Zahlungsart.',
  cardLostOrStolen:
    'Diese Karte wurde als verloren oder gestohlen gemeldet. Bitte verwenden Sie eine andere Karte.',
  cardExpired:
    'Ihre Karte ist abgelaufen. Bitte aktualisieren Sie Ihre Kartendaten oder verwenden Sie eine andere Karte.',
  cardDeclined: 'Ihre Karte wurde abgelehnt.',
  cardAuthenticationFailed:
    'Ihre Zahlungsart konnte nicht bestätigt werden. Bitte wählen Sie eine andere Zahlungsart und versuchen Sie es erneut.',
  cardFallback: 'Die Zahlung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',

  quoteChecking: 'Gesamtbetrag für diese Karte wird geprüft...',
  quoteSurcharge: (percent) => `Aufschlag ${percent} %`,
  quoteNoSurcharge: 'kein Aufschlag',
  quoteLine: (method, surcharge, total) => `${method} · ${surcharge} · Gesamt ${total}`,
  repriced: (method, percent, total) =>
    `Der Aufschlag für ${method} beträgt ${percent} %, der Gesamtbetrag also ${total}. Bitte prüfen Sie den neuen Betrag und klicken Sie erneut auf Bezahlen.`,
  waitFor: 'Sie können es in {clock} erneut versuchen.',
  pay: (total) => `${total} bezahlen`,
  processing: 'Wird verarbeitet...',
  checking: 'Ihre Zahlung wird geprüft… Bitte lassen Sie diese Seite geöffnet.',
  unconfirmed:
    'Wir konnten Ihre Zahlung noch nicht bestätigen. Bitte zahlen Sie nicht erneut: Wenn sie durchgegangen ist, erhalten Sie eine Quittung per E-Mail.',
  processingError:
    'Bei der Verarbeitung Ihrer Zahlung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  paymentFailed: (message) => `Zahlung fehlgeschlagen: ${message}`,
  paymentFailedStatus: (status) => `Zahlung fehlgeschlagen mit Status: ${status}`,

  cappedNotice: (balance) =>
    `Für diese Rechnung sind hier ${balance} offen. Wenn Sie meinen, dass mehr offen ist, wenden Sie sich an`,
  belowMinimumDue: (balance) => `${balance} sind noch offen`,
  belowMinimumWhy: (minimum) =>
    `, können aber nicht per Karte bezahlt werden (die kleinste Kartenzahlung beträgt ${minimum}).`,
  belowMinimumContact: 'Bitte wenden Sie sich an',
  toSettle: ', um ihn zu begleichen.',
  fullyPaid: 'Rechnung vollständig bezahlt!',
  fullyPaidText: 'Diese Rechnung ist vollständig bezahlt. Vielen Dank!',
  beingPaidTitle: 'Wird bezahlt',
  beingPaidAll: 'Hier ist gerade nichts zu bezahlen: der Rest dieser Rechnung wird bereits bezahlt.',
  beingPaidSome: (left) => `${left} sind jetzt noch zu bezahlen.`,
  beingPaidCard: (amount, since, until) =>
    `${amount} per Karte, begonnen ${since}, wartet auf die Bestätigung der Bank des Karteninhabers (spätestens bis ${until}).`,
  beingPaidCardStarting: (amount, since) => `${amount} per Karte, begonnen ${since}.`,
  beingPaidPayTo: (amount, since, until) =>
    `${amount} per PayTo, begonnen ${since}, wartet auf die Freigabe in der Banking-App` +
    (until ? ` (spätestens bis ${until}).` : '.'),
  beingPaidDebit: (amount, since, clearsBy) =>
    `${amount} per Lastschrift, begonnen ${since}` +
    (clearsBy ? `, voraussichtlich gutgeschrieben bis ${clearsBy}.` : '.'),
  beingPaidAfter:
    'Geht eine laufende Zahlung nicht durch, kann ihr Betrag erneut bezahlt werden. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.',
  endSession: 'Sitzung beenden',

  successTitle: 'Zahlung erfolgreich!',
  successThanks: 'Vielen Dank für Ihre Zahlung.',
  resultAmount: 'Betrag',
  resultSurcharge: 'Aufschlag',
  resultTotal: 'Bezahlt insgesamt',
  resultTransaction: 'Transaktions-ID',
  resultRemaining: 'Offener Restbetrag',
  submittedTitle: 'Zahlung übermittelt',
  debitSubmitted:
    'Zahlung übermittelt — Lastschriften brauchen bis zu 3 Werktage. Wir senden Ihnen eine Quittung per E-Mail, sobald der Betrag eingegangen ist.',
  resultInvoice: 'Rechnung',
  resultReference: 'Referenz',
  anotherPayment: 'Weitere Zahlung leisten',
  endedTitle: 'Vielen Dank',
  endedText: 'Ihre Zahlungssitzung ist beendet. Sie können dieses Fenster jetzt schließen.',

  historyTitle: (count) => `Zahlungsverlauf (${count})`,
  show: 'Anzeigen',
  hide: 'Ausblenden',
  historyDate: 'Datum',
  historyAmount: 'Betrag',
  historySurcharge: 'Aufschlag',
  historyTotal: 'Gesamt',
  historyStatus: 'Status',
  historyStates: {
    succeeded: 'Bezahlt',
    processing: 'In Bearbeitung',
    partially_refunded: 'Teilweise erstattet',
    refunded: 'Erstattet',
  },

  debugLabel: 'Debug-Informationen',
  debugUrl: 'URL',
  debugApi: 'API',
  debugMerchant: 'Händler-ID',
  debugShortcode: 'Kurzcode',
  debugState: 'Ladezustand',
  debugProvider: 'Anbieter',
  debugAccount: 'Verbundenes Konto',
  debugNone: '(keine)',
  debugUnknown: '(unbekannt)',
  debugLookupLabel: 'Händler per ID suchen',
  debugLookup: 'Suchen',
  debugUseTestId: 'Test-ID verwenden',
};
