import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import {
  Annotation,
  Compartment,
  EditorState,
  type Extension,
  StateEffect,
  StateField,
} from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, keymap, WidgetType } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import { type DiffSegment, editorLanguage } from '../canvasRules';

/** A change made from outside (a reload, a version shown, an accepted proposal): not the user typing. */
const External = Annotation.define<boolean>();

const setDiff = StateEffect.define<readonly DiffSegment[] | null>();

/** The proposal's added words, shown in place after what they replace. */
class AddedWidget extends WidgetType {
  constructor(readonly text: string) {
    super();
  }
  override eq(other: AddedWidget) {
    return other.text === this.text;
  }
  toDOM() {
    const element = document.createElement('ins');
    element.className = 'cm-diff-added';
    element.textContent = this.text;
    return element;
  }
}

function diffDecorations(segments: readonly DiffSegment[], length: number): DecorationSet {
  const ranges = [];
  for (const segment of segments) {
    if (segment.at > length) continue;
    if (segment.kind === 'removed') {
      const end = Math.min(length, segment.at + segment.text.length);
      if (end > segment.at)
        ranges.push(Decoration.mark({ class: 'cm-diff-removed', tagName: 'del' }).range(segment.at, end));
    } else if (segment.kind === 'added') {
      ranges.push(Decoration.widget({ widget: new AddedWidget(segment.text), side: 1 }).range(segment.at));
    }
  }
  return Decoration.set(ranges, true);
}

/** The proposal shown as a diff over the document (canvasRules.ts `diffSegments`). */
const diffField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, transaction) {
    let next = decorations.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (effect.is(setDiff))
        next = effect.value ? diffDecorations(effect.value, transaction.state.doc.length) : Decoration.none;
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/**
 * Colours from the app's theme tokens (Chakra's CSS variables), so the editor follows light and dark
 * mode without a second theme; the diff's red and green keep 4.5:1 on the page's background.
 */
const theme = EditorView.theme({
  '&': {
    color: 'var(--chakra-colors-fg)',
    backgroundColor: 'var(--chakra-colors-bg)',
    height: '100%',
    fontSize: '15px',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'inherit', lineHeight: '1.6', overflow: 'auto' },
  '.cm-content': { padding: '16px 0', caretColor: 'var(--chakra-colors-fg)' },
  '.cm-line': { padding: '0 16px' },
  '.cm-cursor': { borderLeftColor: 'var(--chakra-colors-fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--chakra-colors-blue-subtle) !important',
  },
  '.cm-diff-removed': {
    color: 'var(--canvas-removed)',
    backgroundColor: 'var(--canvas-removed-bg)',
    textDecoration: 'line-through',
  },
  '.cm-diff-added': {
    color: 'var(--canvas-added)',
    backgroundColor: 'var(--canvas-added-bg)',
    textDecoration: 'none',
  },
});

const codeTheme = EditorView.theme({
  '.cm-scroller': { fontFamily: 'var(--chakra-fonts-mono)', fontSize: '14px', lineHeight: '1.5' },
});

/** Syntax colours through CSS variables the panel sets for each colour mode (CanvasPanel.tsx). */
const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.controlKeyword, tags.moduleKeyword, tags.operatorKeyword],
    color: 'var(--canvas-keyword)',
  },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--canvas-string)' },
  {
    tag: [tags.comment, tags.lineComment, tags.blockComment],
    color: 'var(--canvas-comment)',
    fontStyle: 'italic',
  },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--canvas-number)' },
  {
    tag: [tags.function(tags.variableName), tags.function(tags.propertyName)],
    color: 'var(--canvas-function)',
  },
  { tag: [tags.typeName, tags.className], color: 'var(--canvas-type)' },
  { tag: tags.heading, fontWeight: '700', color: 'var(--canvas-heading)' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.link, color: 'var(--canvas-link)', textDecoration: 'underline' },
  { tag: [tags.monospace], fontFamily: 'var(--chakra-fonts-mono)' },
  { tag: [tags.processingInstruction, tags.meta], color: 'var(--canvas-comment)' },
]);

/** How the text wraps and looks before (and after) its language is loaded. */
function baseExtension(kind: string): Extension {
  return kind === 'code' ? codeTheme : EditorView.lineWrapping;
}

/**
 * The language's parser, loaded on its own when a document needs it (the Markdown one brings HTML and
 * CSS with it), so opening the canvas downloads only the editor and the language in use.
 */
async function loadLanguage(kind: string, language: string | null): Promise<Extension> {
  switch (editorLanguage(kind, language)) {
    case 'markdown':
      return (await import('@codemirror/lang-markdown')).markdown();
    case 'typescript':
      return (await import('@codemirror/lang-javascript')).javascript({ typescript: true, jsx: true });
    case 'javascript':
      return (await import('@codemirror/lang-javascript')).javascript({ jsx: true });
    case 'python':
      return (await import('@codemirror/lang-python')).python();
    default:
      return [];
  }
}

export interface Selection {
  from: number;
  to: number;
}

interface CodeEditorProps {
  /** The text to show; a change from outside replaces the editor's (typing is reported by onChange). */
  value: string;
  kind: string;
  language: string | null;
  readOnly: boolean;
  /** A proposal drawn as a diff in place, or null. */
  diff: readonly DiffSegment[] | null;
  label: string;
  onChange: (text: string) => void;
  onSelectionChange: (selection: Selection) => void;
  /** Mod-Shift-E (or Alt-Enter): opens the selection menu from the keyboard. */
  onSelectionMenu: () => void;
}

/** CodeMirror 6 (prose as Markdown, or code with highlighting), wrapped for React. */
export function CodeEditor({
  value,
  kind,
  language,
  readOnly,
  diff,
  label,
  onChange,
  onSelectionChange,
  onSelectionMenu,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, onSelectionChange, onSelectionMenu });
  callbacks.current = { onChange, onSelectionChange, onSelectionMenu };
  const editable = useRef(new Compartment());
  const languageSlot = useRef(new Compartment());
  const baseSlot = useRef(new Compartment());
  const labelSlot = useRef(new Compartment());

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; later props flow in below.
  useEffect(() => {
    if (!host.current) return;
    const openMenu = () => {
      callbacks.current.onSelectionMenu();
      return true;
    };
    const editor = new EditorView({
      parent: host.current,
      doc: value,
      extensions: [
        history(),
        keymap.of([
          { key: 'Mod-Shift-e', run: openMenu },
          { key: 'Alt-Enter', run: openMenu },
          ...defaultKeymap,
          ...historyKeymap,
        ]),
        syntaxHighlighting(highlight),
        theme,
        diffField,
        baseSlot.current.of(baseExtension(kind)),
        languageSlot.current.of([]),
        editable.current.of([EditorState.readOnly.of(readOnly)]),
        labelSlot.current.of(EditorView.contentAttributes.of({ 'aria-label': label })),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((t) => t.annotation(External)))
            callbacks.current.onChange(update.state.doc.toString());
          if (update.selectionSet || update.docChanged) {
            const { from, to } = update.state.selection.main;
            callbacks.current.onSelectionChange({ from, to });
          }
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      annotations: External.of(true),
    });
  }, [value]);

  useEffect(() => {
    let live = true;
    view.current?.dispatch({ effects: baseSlot.current.reconfigure(baseExtension(kind)) });
    loadLanguage(kind, language)
      .then((extension) => {
        if (live) view.current?.dispatch({ effects: languageSlot.current.reconfigure(extension) });
      })
      .catch((error: unknown) => console.error('Could not load the highlighting', error));
    return () => {
      live = false;
    };
  }, [kind, language]);

  useEffect(() => {
    view.current?.dispatch({
      effects: [
        editable.current.reconfigure([EditorState.readOnly.of(readOnly)]),
        labelSlot.current.reconfigure(
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': String(readOnly) }),
        ),
      ],
    });
  }, [readOnly, label]);

  useEffect(() => {
    view.current?.dispatch({ effects: setDiff.of(diff) });
  }, [diff]);

  return <div ref={host} style={{ height: '100%' }} data-testid="canvas-editor" />;
}

/** Puts the keyboard in the editor (after the menu or a proposal closes). */
export function focusEditor(root: HTMLElement | null) {
  root?.querySelector<HTMLElement>('.cm-content')?.focus();
}
