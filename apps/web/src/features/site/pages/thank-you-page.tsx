import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ThankYouPage() {
  useDocumentTitle('Thank you');
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Thank you
        </CardTitle>
        <CardDescription className="text-base">
          We have received what you sent us. Our team will review it and e-mail you if anything else is
          needed.
        </CardDescription>
      </CardHeader>
      <Button asChild>
        <Link to={paths.home.href()}>Back to the portal</Link>
      </Button>
    </Card>
  );
}
