import { useParams } from 'react-router';
import { conversationsUi } from '@toque/contracts/conversations';
import { ConversationList } from '../../../features/conversations/components/conversation-list';
import { ConversationThread } from '../../../features/conversations/components/conversation-thread';
import { useOwnerSocket } from '../../../features/call/hooks/use-owner-socket';
import { PageHeader } from './page-header';

/** FIND-06: /dashboard/conversas — the conversations with finders, live on the owner's socket. */
export function ConversationsPage() {
  const socket = useOwnerSocket();
  return (
    <section className="space-y-6">
      <PageHeader title={conversationsUi.title} intro={conversationsUi.intro} />
      <ConversationList socket={socket} />
    </section>
  );
}

/** FIND-06: /dashboard/conversas/:id — one thread. */
export function ConversationPage() {
  const { id = '' } = useParams();
  const socket = useOwnerSocket();
  return (
    <section className="space-y-6">
      <PageHeader title={conversationsUi.title} />
      <ConversationThread id={id} socket={socket} />
    </section>
  );
}
