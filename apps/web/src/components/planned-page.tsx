import type * as React from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Card, CardContent, CardTitle } from './ui/card';

type PlannedPageProps = {
  title: string;
  /** One sentence saying what this page is for. */
  intro: React.ReactNode;
  /** What will appear on the page and what the agent will be able to do there. */
  upcoming: React.ReactNode[];
  /** What the agent can do in the meantime. */
  meanwhile: React.ReactNode;
  children?: React.ReactNode;
  /** Heading level of the title; 2 when a parent section already has the page's h1. */
  level?: 1 | 2;
};

/**
 * A page whose tools are still being built. It says plainly what will be here and what to do
 * in the meantime, and shows no made-up data or forms.
 */
export function PlannedPage({ title, intro, upcoming, meanwhile, children, level = 1 }: PlannedPageProps) {
  useDocumentTitle(title);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Heading className="text-2xl font-semibold tracking-tight">{title}</Heading>
        <p className="text-muted-foreground">{intro}</p>
      </div>
      <Card>
        <CardTitle as={level === 1 ? 'h2' : 'h3'}>What this page will show</CardTitle>
        <CardContent>
          <ul className="grid list-disc gap-2 pl-5">
            {upcoming.map((item, index) => (
              // The lists are fixed text: their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: static copy
              <li key={index}>{item}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card className="bg-secondary-soft">
        <CardTitle as={level === 1 ? 'h2' : 'h3'}>In the meantime</CardTitle>
        <CardContent>{meanwhile}</CardContent>
      </Card>
      {children}
    </div>
  );
}
