/** End Session without a `return-url` (and not prevented by the page): the session-ended view. */
import { useWidget } from '../i18n-context.ts';
import { useFocusOnMount } from './useFocusOnMount.ts';

export function EndedView() {
  const { t } = useWidget();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="status-view" part="result">
      <h2 tabIndex={-1} ref={heading}>
        {t.endedTitle}
      </h2>
      <p>{t.endedText}</p>
    </div>
  );
}
