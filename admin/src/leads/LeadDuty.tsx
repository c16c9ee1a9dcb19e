import { ADMIN_DEFAULT_LANGUAGE, isLanguage } from '@conveyor/shared';
import { describeDuty, dutyToParams, type LeadDuty as Duty } from '@conveyor/shared/conveyor';
import { Link, Typography } from '@mui/material';
import { Labeled, useLocaleState, useRecordContext, useTranslate } from 'react-admin';

/**
 * The conveyor calculator's duty a quote was asked with: the buyer's figures and the belt and
 * drive the API sized them to, in the staff's language, and a link that opens the calculator
 * with the same duty (to try another width or speed before answering).
 */
export function LeadDuty() {
  const record = useRecordContext<{ id: number; duty?: Duty | null; language?: string }>();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const language = isLanguage(locale) ? locale : ADMIN_DEFAULT_LANGUAGE;
  const duty = record?.duty;
  if (!duty) return null;
  const { result: _result, problem: _problem, ...input } = duty;
  const page = language === 'ru' ? '/calculator' : `/${language}/calculator`;
  return (
    <Labeled label="resources.leads.fields.duty">
      <div>
        <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2 }} data-duty>
          {describeDuty(duty, language).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Typography>
        <Link
          variant="body2"
          href={`${page}?${new URLSearchParams(dutyToParams(input)).toString()}`}
          target="_blank"
          rel="noopener"
        >
          {translate('conveyor.workflow.open_calculator')}
        </Link>
      </div>
    </Labeled>
  );
}
