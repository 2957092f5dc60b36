// The kernel lab's editor: CodeMirror 6 with WGSL highlighting and lint marks,
// bundled by esbuild into pkg/editor.js (`make build`) so the site loads nothing
// from elsewhere. This file is the bundle's entry, not served itself.
import { EditorView, basicSetup } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { setDiagnostics, lintGutter } from '@codemirror/lint';
import { wgsl } from '@iizukak/codemirror-lang-wgsl';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';

// The site's dark look (www/style.css), every colour at least 4.5:1 on its panel.
const look = EditorView.theme({
  '&': { color: '#e8e9ec', backgroundColor: '#181b21', fontSize: '0.9rem', maxHeight: '32rem', colorScheme: 'dark' },
  '.cm-scroller': { overflow: 'auto' },
  '.cm-content': { caretColor: '#7cc4ff', fontFamily: 'ui-monospace, monospace' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: '#7cc4ff' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#2d4a66' },
  '.cm-gutters': { backgroundColor: '#101216', color: '#a3a8b3', borderRight: '1px solid #2a2f38' },
  '.cm-activeLine': { backgroundColor: '#1f232b' },
  '.cm-activeLineGutter': { backgroundColor: '#1f232b', color: '#e8e9ec' },
  '.cm-tooltip': { backgroundColor: '#101216', color: '#e8e9ec', border: '1px solid #2a2f38' },
  '.cm-matchingBracket': { backgroundColor: '#2a3a2a', color: '#e8e9ec' },
}, { dark: true });
const colours = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.modifier], color: '#c9a8ff' },
  { tag: [tags.typeName, tags.className], color: '#7cc4ff' },
  { tag: [tags.number, tags.bool, tags.atom], color: '#ffb86b' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: '#a3a8b3', fontStyle: 'italic' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: '#9be59b' },
  { tag: [tags.attributeName, tags.meta], color: '#ff9ecf' },
  { tag: tags.invalid, color: '#ff8a80' },
]);

/**
 * An editor of `text` in `parent`, labelled `label` for screen readers; `changed()`
 * on every edit. Returns { text(), set(text), mark(diagnostics), focusLine(line) }:
 * a diagnostic is { line, column, length, severity, message }, lines and columns
 * counted from 1.
 */
export function wgslEditor(parent, text, { label, changed = () => {} } = {}) {
  // In a shadow root of its own: there CodeMirror's styles are constructed style
  // sheets, which the pages' Content-Security-Policy (no inline styles) allows.
  const root = parent.attachShadow({ mode: 'open' });
  const view = new EditorView({
    parent: root,
    root,
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        wgsl(),
        look,
        syntaxHighlighting(colours),
        lintGutter(),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((u) => { if (u.docChanged) changed(); }),
      ],
    }),
  });
  // Its scroller reachable by the keyboard too (axe: scrollable-region-focusable).
  view.scrollDOM.tabIndex = 0;
  view.scrollDOM.setAttribute('aria-label', `${label}: scroll`);
  const at = (line, column) => {
    const l = view.state.doc.line(Math.min(Math.max(line, 1), view.state.doc.lines));
    return Math.min(l.from + Math.max(column, 1) - 1, l.to);
  };
  return {
    view,
    text: () => view.state.doc.toString(),
    set: (next) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } }),
    mark: (diagnostics) => view.dispatch(setDiagnostics(view.state, diagnostics.map((d) => {
      const from = at(d.line, d.column);
      const to = Math.max(from, Math.min(from + (d.length || 1), view.state.doc.length));
      return { from, to, severity: d.severity, message: d.message };
    }))),
    focusLine: (line) => {
      const pos = at(line, 1);
      view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      view.focus();
    },
  };
}
