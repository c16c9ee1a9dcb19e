import { CONVERSATION_TEXT_MAX } from '@conveyor/shared';
import { Box, Link, List, ListItem, ListItemText } from '@mui/material';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';
import { TextSendForm } from '../common/TextSendForm.tsx';
import { useErrorToast } from '../common/useErrorToast.ts';
import { apiBase } from '../config.ts';
import { useFormat } from '../publishing/format.ts';
import { api } from '../providers/http.ts';

interface ConversationMessage {
  id: number;
  from: 'buyer' | 'sales' | 'staff' | 'bot';
  author_name: string;
  text: string;
  file: { kind: string; name: string; mime: string; size: number; stored: boolean } | null;
  relay: 'pending' | 'sent' | 'failed' | 'none';
  relay_error: string;
  created_at: string;
}

interface Conversation {
  chat: 'none' | 'linked' | 'stopped';
  buyer: string;
  language: string;
  messages: ConversationMessage[];
}

/** What a message may carry that is no file (nothing to open). */
const NO_FILE = new Set(['contact', 'location']);

/** How often an open lead asks for new messages: the buyer and sales write meanwhile. */
const REFRESH_MS = 5_000;

const FILE_KINDS = [
  'photo',
  'document',
  'voice',
  'audio',
  'video',
  'video_note',
  'animation',
  'sticker',
  'contact',
  'location',
];

/**
 * The lead's conversation with the buyer in Telegram (docs/leads.md), oldest first: who wrote
 * (the buyer, sales in their group, staff here, the bot), when, the text or the file, and
 * whether it reached the other side; staff answer below while the buyer's chat is open.
 */
export function ConversationPanel() {
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  const format = useFormat();
  const queryClient = useQueryClient();
  const errorToast = useErrorToast('conveyor.conversation.failed');
  const url = `/leads/${record?.id}/conversation`;
  const key = ['conversation', record?.id];
  const { data } = useQuery({
    queryKey: key,
    enabled: record !== undefined,
    refetchInterval: REFRESH_MS,
    queryFn: async () => (await api<{ data: Conversation }>(url)).data,
  });
  const answer = useMutation({
    mutationFn: (body: string) => api(url, { method: 'POST', json: { text: body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: errorToast,
  });
  if (!record || !data || data.chat === 'none') return null;

  const who = (message: ConversationMessage) =>
    message.from === 'bot'
      ? translate('conveyor.conversation.bot')
      : `${message.author_name} · ${translate(`conveyor.conversation.from_${message.from}`)}`;
  const file = (message: ConversationMessage) => {
    if (!message.file) return '';
    const kind = FILE_KINDS.includes(message.file.kind)
      ? translate(`conveyor.conversation.files.${message.file.kind}`)
      : message.file.kind;
    return [kind, message.file.name].filter(Boolean).join(': ');
  };

  return (
    <Box data-testid="conversation" sx={{ mt: 2, maxWidth: 720 }}>
      <Typography variant="subtitle2">
        {translate('conveyor.conversation.title')}
        {data.buyer ? ` · ${data.buyer}` : ''}
      </Typography>
      {data.chat === 'stopped' && (
        <Typography variant="body2" color="text.secondary">
          {translate('conveyor.conversation.stopped')}
        </Typography>
      )}
      <List dense>
        {data.messages.map((message) => (
          <ListItem
            key={message.id}
            disableGutters
            data-from={message.from}
            secondaryAction={
              message.file && !NO_FILE.has(message.file.kind) ? (
                <Link
                  href={`${apiBase()}/leads/${record.id}/conversation/${message.id}/file`}
                  download
                >
                  {translate('conveyor.conversation.open_file')}
                </Link>
              ) : undefined
            }
          >
            <ListItemText
              primary={[file(message), message.text].filter(Boolean).join('\n')}
              secondary={[
                who(message),
                format.date(message.created_at),
                message.relay === 'pending' ? translate('conveyor.conversation.pending') : '',
                message.relay === 'failed'
                  ? `${translate('conveyor.conversation.not_delivered')}: ${message.relay_error}`
                  : '',
              ]
                .filter(Boolean)
                .join(' · ')}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
            />
          </ListItem>
        ))}
      </List>
      {data.chat === 'linked' && (
        <TextSendForm
          label={translate('conveyor.conversation.answer_label')}
          button={translate('conveyor.conversation.send')}
          maxLength={CONVERSATION_TEXT_MAX}
          pending={answer.isPending}
          onSend={(body) => answer.mutateAsync(body)}
        />
      )}
    </Box>
  );
}
