import {
  LANGUAGES,
  TELEGRAM_CHAT_MODES,
  type NotificationSettings,
  notificationSettingsFields as fields,
} from '@conveyor/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Form,
  Loading,
  NumberInput,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  useNotify,
  useTranslate,
} from 'react-admin';
import { numberRules, textRules } from '../common/schemaRules.ts';
import { useFormat } from '../publishing/format.ts';
import { BackToolbar } from '../screens/FormPages.tsx';
import {
  type Channel,
  getNotificationSettings,
  saveNotificationSettings,
  sendTestMessage,
  useChannelStatus,
} from './api.ts';

const rules = {
  chats: textRules(fields.telegram_leads, 'conveyor.notifications.bad_chats'),
  mails: textRules(fields.email_leads, 'conveyor.notifications.bad_mails'),
  zone: textRules(fields.time_zone),
  retention: [required(), ...numberRules(fields.retention_months)],
  bot: textRules(fields.telegram_bot),
  salesChat: textRules(fields.telegram_sales_chat),
};

/** The server setting that turns each channel on (docs/operations.md, Lead delivery channels). */
const CHANNEL_VARIABLES: Record<Channel, string> = {
  telegram: 'TELEGRAM_BOT_TOKEN',
  email: 'SMTP_URL',
  webhook: 'LEAD_WEBHOOK_URLS',
};

/** Each channel: set up on the server or not, delivering or failing since when. */
function ChannelCards() {
  const translate = useTranslate();
  const format = useFormat();
  const { data } = useChannelStatus();
  if (!data) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
      {data.map((status) => (
        <Card key={status.channel} data-testid={`channel-${status.channel}`}>
          <CardContent>
            <Typography variant="overline">
              {translate(`conveyor.notifications.channels.${status.channel}`)}
            </Typography>
            <Typography variant="body2">
              {!status.configured
                ? translate('conveyor.notifications.not_configured', {
                    variable: CHANNEL_VARIABLES[status.channel],
                  })
                : status.lastSuccessAt
                  ? translate('conveyor.notifications.last_success', {
                      time: format.date(status.lastSuccessAt),
                    })
                  : translate('conveyor.notifications.nothing_sent')}
            </Typography>
            {status.failingSince && (
              <Alert severity={status.warning ? 'error' : 'warning'} sx={{ mt: 1 }}>
                {translate('conveyor.notifications.failing_since', {
                  time: format.date(status.failingSince),
                })}
                {status.lastError && `: ${status.lastError}`}
              </Alert>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** Sends a test message to one chat or mailbox and says what the channel answered. */
function TestMessage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [channel, setChannel] = useState<Exclude<Channel, 'webhook'>>('telegram');
  const [target, setTarget] = useState('');
  const send = useMutation({
    mutationFn: () => sendTestMessage(channel, target.trim()),
    onSuccess: () => notify('conveyor.notifications.test_sent', { type: 'success' }),
    onError: (error) =>
      notify(`${translate('conveyor.notifications.test_failed')}: ${(error as Error).message}`, {
        type: 'error',
      }),
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={translate('conveyor.notifications.channel')}
        value={channel}
        onChange={(event) => setChannel(event.target.value as 'telegram' | 'email')}
      >
        <MenuItem value="telegram">
          {translate('conveyor.notifications.channels.telegram')}
        </MenuItem>
        <MenuItem value="email">{translate('conveyor.notifications.channels.email')}</MenuItem>
      </TextField>
      <TextField
        size="small"
        label={translate('conveyor.notifications.target')}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      />
      <Button
        variant="outlined"
        disabled={!target.trim() || send.isPending}
        onClick={() => send.mutate()}
      >
        {translate('conveyor.notifications.send_test')}
      </Button>
    </Box>
  );
}

/**
 * Lead delivery: which Telegram chats and mailboxes hear of new leads and supplier
 * applications, in which language and time zone; each channel's health; a test message. The
 * bot token, the SMTP account and the webhooks are server settings (docs/operations.md).
 */
export function NotificationsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery({
    queryKey: ['notifications', 'settings'],
    queryFn: getNotificationSettings,
  });
  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(['notifications', 'settings'], saved);
      notify('conveyor.notifications.saved', { type: 'success' });
    },
    onError: (failure) =>
      notify(`${translate('conveyor.errors.form')}: ${(failure as Error).message}`, {
        type: 'error',
      }),
  });
  if (isPending) return <Loading />;
  if (error || !data) return <Alert severity="error">{(error as Error)?.message}</Alert>;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('conveyor.notifications.title')} />
      <BackToolbar to="/admin" />
      <ChannelCards />
      <Card>
        <CardContent>
          <Form
            defaultValues={data}
            onSubmit={(values: Record<string, unknown>) =>
              save.mutate(values as Partial<NotificationSettings>)
            }
          >
            <Box
              sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
            >
              <TextInput
                source="telegram_leads"
                multiline
                validate={rules.chats}
                label="conveyor.notifications.fields.telegram_leads"
                helperText="conveyor.notifications.chats_help"
              />
              <TextInput
                source="telegram_suppliers"
                multiline
                validate={rules.chats}
                label="conveyor.notifications.fields.telegram_suppliers"
                helperText="conveyor.notifications.chats_help"
              />
              <TextInput
                source="email_leads"
                multiline
                validate={rules.mails}
                label="conveyor.notifications.fields.email_leads"
                helperText="conveyor.notifications.mails_help"
              />
              <TextInput
                source="email_suppliers"
                multiline
                validate={rules.mails}
                label="conveyor.notifications.fields.email_suppliers"
                helperText="conveyor.notifications.mails_help"
              />
              <SelectInput
                source="language"
                label="conveyor.notifications.fields.language"
                choices={LANGUAGES.map((id) => ({ id, name: `conveyor.fields.${id}` }))}
              />
              <TextInput
                source="time_zone"
                validate={rules.zone}
                label="conveyor.notifications.fields.time_zone"
              />
              <NumberInput
                source="retention_months"
                min={0}
                max={120}
                step={1}
                validate={rules.retention}
                label="conveyor.notifications.fields.retention_months"
                helperText="conveyor.notifications.retention_help"
              />
              <TextInput
                source="telegram_bot"
                validate={rules.bot}
                label="conveyor.notifications.fields.telegram_bot"
              />
              <TextInput
                source="telegram_sales_chat"
                validate={rules.salesChat}
                label="conveyor.notifications.fields.telegram_sales_chat"
              />
              <SelectInput
                source="telegram_chat"
                label="conveyor.notifications.fields.telegram_chat"
                helperText="conveyor.notifications.chat_help"
                choices={TELEGRAM_CHAT_MODES.map((id) => ({
                  id,
                  name: `conveyor.notifications.chat_modes.${id}`,
                }))}
              />
            </Box>
            <SaveButton />
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {translate('conveyor.notifications.test_title')}
          </Typography>
          <TestMessage />
        </CardContent>
      </Card>
    </Box>
  );
}
