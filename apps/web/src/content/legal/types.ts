/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: readonly string[] };

interface LegalSection {
  /** Anchor of the section (table of contents, links from other pages). */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  updatedAt: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}
