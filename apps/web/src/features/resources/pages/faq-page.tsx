import { useDocumentTitle } from '@/lib/use-document-title';
import { useOfficeContact } from '../api/get-contact';
import { FAQ_TOPICS } from '../components/faq-entries';
import { FaqList } from '../components/faq-list';

/** /resources/faq: the questions agents ask most, by topic, searchable and linkable. */
export function FaqPage() {
  useDocumentTitle('Frequently asked questions');
  const contact = useOfficeContact();
  return (
    <div className="grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Frequently asked questions</h1>
        <p className="text-muted-foreground">
          Answers to the questions agents ask most about the programme. Open a question to read its answer.
        </p>
      </div>
      <FaqList topics={FAQ_TOPICS} officeEmail={contact.data?.email ?? null} />
    </div>
  );
}
