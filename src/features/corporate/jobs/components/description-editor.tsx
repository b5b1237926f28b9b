/**
 * The job description's rich-text editor (issue 20): tiptap through @mantine/tiptap, with the
 * formatting a job post needs and the server keeps (server/jobs/sanitize-html.ts allows exactly
 * these tags). Loaded on demand by the job form (React.lazy), so tiptap and ProseMirror stay out
 * of every other screen's download.
 */
import '@mantine/tiptap/styles.layer.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';

export interface DescriptionEditorProps {
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}

/** tiptap's HTML for an empty document: stored as '' so "is it empty?" reads simply. */
const EMPTY_DOCUMENT = '<p></p>';

export default function DescriptionEditor({ value, onChange, error }: DescriptionEditorProps) {
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [
      // The Mantine Link replaces StarterKit's own (same extension, with Mantine's link popover).
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }),
      Link.configure({ openOnClick: false }),
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        'data-testid': 'job-description-editor',
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      onChange(html === EMPTY_DOCUMENT ? '' : html);
    },
  });

  // A value set from outside (a draft restored after the editor mounted) replaces the text.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    const html = editor.getHTML();
    if (value !== html && !(value === '' && html === EMPTY_DOCUMENT)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <div>
      <Input.Label id={labelId} required>
        Description
      </Input.Label>
      <RichTextEditor
        editor={editor}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </div>
  );
}
