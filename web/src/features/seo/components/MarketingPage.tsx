import type { ReactNode } from 'react';
import { type PageMetaSource, usePageMeta } from '../../../hooks/usePageMeta';
import { CallToAction } from './CallToAction';
import { type Feature, FeatureGrid } from './FeatureCard';
import { Hero } from './Hero';
import { Section } from './Section';

/** One titled band: a grid of feature cards, or any other body the page draws itself. */
export interface MarketingSection {
  id: string;
  title: string;
  intro?: string;
  muted?: boolean;
  features?: Feature[];
  columns?: 2 | 3;
  body?: ReactNode;
}

/** What a marketing page says, in the order it says it; the layout is MarketingPage's. */
export interface MarketingPageContent {
  meta: PageMetaSource;
  hero: {
    eyebrow: string;
    title: string;
    subtitle: string;
    /** Call-to-action links as [path, label]: solid, then outline, then ghost. */
    links: [string, ReactNode][];
  };
  sections: MarketingSection[];
  closing: {
    title: string;
    text: string;
    buttonLabel: string;
    /** Further buttons after the main one. */
    more?: ReactNode;
  };
}

/** Every marketing page: its meta, the hero (the page's h1), its sections, then the closing call. */
export function MarketingPage({ content }: { content: MarketingPageContent }) {
  usePageMeta(content.meta);
  const { hero, closing } = content;
  return (
    <>
      <Hero eyebrow={hero.eyebrow} title={hero.title} subtitle={hero.subtitle} links={hero.links} />
      {content.sections.map((section) => (
        <Section
          key={section.id}
          id={section.id}
          title={section.title}
          intro={section.intro}
          muted={section.muted}
        >
          {section.features ? <FeatureGrid features={section.features} columns={section.columns} /> : null}
          {section.body}
        </Section>
      ))}
      <CallToAction title={closing.title} text={closing.text} buttonLabel={closing.buttonLabel}>
        {closing.more}
      </CallToAction>
    </>
  );
}
