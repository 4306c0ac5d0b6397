import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type * as React from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { downloadBillingFile } from '@/lib/billing-api';
import { toast } from '@/lib/toast';

/**
 * A button that downloads one of the agent's files (an invoice's PDF, a settlement statement, a
 * signed agreement): a link could not carry the bearer token. A failure says so in a toast.
 */
export function DownloadButton({
  url,
  fileName,
  children,
  variant = 'outline',
  ...props
}: Omit<ButtonProps, 'onClick' | 'pending'> & { url: string; fileName: string; children: React.ReactNode }) {
  const download = useMutation({
    mutationFn: () => downloadBillingFile(url, fileName),
    onError: (error) =>
      toast.error(`${fileName} could not be downloaded`, {
        description: errorMessage(error, 'Please try again.'),
      }),
  });
  return (
    <Button variant={variant} pending={download.isPending} onClick={() => download.mutate()} {...props}>
      {download.isPending ? null : <Download aria-hidden="true" />}
      {children}
    </Button>
  );
}
