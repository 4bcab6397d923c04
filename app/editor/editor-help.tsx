import { Link } from "react-router";

/** Questions and answers of the editor's FAQ (also used for the FAQPage structured data). */
export const EDITOR_FAQ: { question: string; answer: string }[] = [
  {
    question: "Is the Plainpad text editor free, and do I need an account?",
    answer:
      "It is free and needs no account. Open the page and start typing. Signing in with Google is optional and only needed to open files from Google Drive or save them there.",
  },
  {
    question: "Where is my text stored while I write?",
    answer:
      "In your own browser. A draft of the document, its name and its Google Drive file id are kept in the browser's IndexedDB storage within a second of your last edit and restored when you come back. Nothing is sent to a Plainpad server; there is none.",
  },
  {
    question: "What happens if I close the tab or my browser crashes?",
    answer:
      "Reopen the editor in the same browser and your draft is back, including the file name. Clearing the browser's site data deletes the draft, so download anything you want to keep for good.",
  },
  {
    question: "Which files can I open?",
    answer:
      "Plain-text files up to 500 MB: .txt, .md, .csv, .html, .xml, .css, .json and code or configuration files such as .js, .py, .yaml or .sql (highlighted by their type), in UTF-8 (with or without a byte-order mark), UTF-16, Windows-1252 (ANSI) or an older regional encoding such as Shift_JIS, GBK, Big5 or KOI8-R, which Plainpad guesses from the text and saves back the same way. Use the Open button or drop the file onto the editor. Images, PDFs and Word documents are refused with a message and your current text stays as it was.",
  },
  {
    question: "Are bold and italic real formatting?",
    answer:
      "No. Plainpad writes plain text. Bold wraps the selection in **double asterisks**, italic in _underscores_ and underline in <u>tags</u>, the conventions of Markdown. The editor shows them styled, and the downloaded file contains the markers as ordinary characters.",
  },
  {
    question: "How do I save my document as a PDF?",
    answer:
      'Click Export…, choose "PDF document (.pdf)" and then Download: Plainpad makes the PDF in your browser, on A4 pages with the long lines wrapped. Characters its fonts lack (Chinese, Japanese, Korean, Thai and Indic scripts) show as a replacement mark, and the dialog says how many; for those texts, Print (Ctrl+P, Cmd+P on a Mac) and "Save as PDF" in the print dialog uses your system\'s fonts instead.',
  },
  {
    question: "Can the editor handle very large files?",
    answer:
      "Yes. It is built on the CodeMirror 6 engine, which only draws the lines on screen, so files of tens of megabytes stay responsive while you type, scroll and search.",
  },
  {
    question: "How does search work?",
    answer:
      'Press Ctrl+F (Cmd+F), type and press Enter. Search ignores upper and lower case and understands regular expressions, so colou?r finds both spellings. The counter shows which match you are on; the arrows move to the previous or next match and wrap around at the ends. A pattern that is not a valid regular expression shows "Invalid pattern".',
  },
];

/** The long help text and FAQ below the editor (prerendered into the page's HTML). */
export function EditorHelp() {
  return (
    <div className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="prose-content mx-auto max-w-3xl px-4 py-12 text-slate-800 dark:text-slate-200">
        <section aria-labelledby="about-editor">
          <h2 id="about-editor" className="text-2xl font-bold text-slate-900 dark:text-white">
            A plain-text editor that opens in a second
          </h2>
          <p>
            The Plainpad text editor is a single-document writing space for notes, drafts, lists,
            logs and code snippets. There is nothing to install and no sign-up: the page loads, you
            type, and your words stay in your own browser. When you are done, download the text as a{" "}
            <code>.txt</code> file, print it, or save it to your Google Drive.
          </p>
          <p>
            Plain text is the most durable format there is. A <code>.txt</code> file written today
            opens in every editor on every operating system, and it will still open in twenty years.
            Plainpad keeps that simplicity while giving you the comforts of a modern editor: undo
            history, search with regular expressions, line numbers, word wrap and a choice of light,
            dark and blue editor themes.
          </p>

          <h3 className="text-xl font-semibold text-slate-900 dark:text-white">
            Start, open and name a document
          </h3>
          <p>
            Click <strong>New</strong> for an empty page or <strong>Open</strong> (Ctrl+O) to load a
            file from your computer; you can also drag a file from your desktop and drop it onto the
            editor. The editor opens text files up to 500 MB (.txt, .md, .csv, .html, .xml, .css,
            .json, and code such as .js or .py) and keeps their encoding (UTF-8, UTF-16,
            Windows-1252, or an older regional one such as Shift_JIS or KOI8-R) and line endings,
            shown at the bottom right; click either to change it for the next save. The document
            name sits at the top left: click it, type a new name and press Enter. A name keeps its
            own extension (<code>notes.md</code> stays <code>notes.md</code>); a name without one
            ends in <code>.txt</code>. The name you choose is the name of the file you download.
          </p>
          <p>
            A small &ldquo;Unsaved changes&rdquo; label appears while the document has edits you
            have not saved to a file, downloaded or saved to Drive, and the browser asks before you
            leave the page in that state. Independently of that, a draft is kept in the browser
            about a second after every edit, so a reload or a crash does not lose your work. Open
            the editor in a second window and the idle one follows what you type; if both windows
            changed the text, the later change is kept and the other window&rsquo;s text is set
            aside with a button to download it. On a phone, the tools that do not fit the toolbar
            are under <strong>More</strong> (⋯) at its end.
          </p>

          <h3 className="text-xl font-semibold text-slate-900 dark:text-white">
            Light formatting that stays plain text
          </h3>
          <p>
            The toolbar&rsquo;s Bold, Italic and Underline buttons wrap the selected words in
            Markdown-style markers (<code>**bold**</code>, <code>_italic_</code> and{" "}
            <code>&lt;u&gt;underline&lt;/u&gt;</code>). The editor shows the result styled, and
            pressing the button again removes the markers. Bullet lists use the symbols •, ◦, ‣ and
            ⁃ for each level of indentation (two spaces per level); numbered lists count from 1.
            Press Tab to indent the selected lines by two spaces and Shift+Tab to move them back
            out. To leave the editing area with the keyboard, press Escape and then Tab.
          </p>

          <h3 className="text-xl font-semibold text-slate-900 dark:text-white">
            Make the editor yours
          </h3>
          <p>
            Open <strong>Settings</strong> to turn line numbers, word wrap, visible whitespace and a
            print-margin guide at column 80 on or off, to set the font size between 8 and 72 pixels,
            to choose an indent size of 2, 4 or 8 spaces and to pick the editor theme. Spell
            checking uses your browser&rsquo;s own dictionary and can be switched off there too. The
            alignment buttons change only how the text is shown, never the file. Your choices are
            remembered in this browser, and <strong>Reset to defaults</strong> brings back the
            original setup. The same panel lists the keyboard shortcuts for your system, for example
            Ctrl+B for bold, Ctrl+F to find and Ctrl+P to print (Cmd on a Mac, where redo is
            Cmd+Shift+Z).
          </p>

          <h3 className="text-xl font-semibold text-slate-900 dark:text-white">
            Save, print or keep it in Google Drive
          </h3>
          <p>
            <strong>Save</strong> (Ctrl+S, Cmd+S on a Mac) writes the document back into the file
            you opened, in Chrome, Edge and Opera on a computer; the first save after a reload asks
            your permission, and if another program changed the file meanwhile you choose between
            overwriting it, saving a new file and reloading it. <strong>Save as…</strong>
            (Ctrl+Shift+S) picks a new file. A document that is not linked to a file, and every
            document in Firefox, Safari and phone browsers, is downloaded instead.{" "}
            <strong>Download</strong> gets the text as a .txt file at once, and{" "}
            <strong>Export…</strong> as Markdown, a web page, Rich Text (for Word) or a PDF.{" "}
            <strong>Print</strong> opens a clean print view on A4 paper with 2 cm margins. If you
            sign in with Google, you can open your own .txt files from Drive and save documents
            back: new documents go into a &ldquo;Plainpad Documents&rdquo; folder, and a file you
            opened from Drive is updated in place. Plainpad only touches the files you open or save
            with it.
          </p>

          <h3 className="text-xl font-semibold text-slate-900 dark:text-white">
            Built for big files
          </h3>
          <p>
            The editor runs on CodeMirror 6, which draws only the lines in view. Word counts are
            updated for the changed lines only, and search scans the text once and highlights just
            the matches on screen. That is why a log file of tens of megabytes stays smooth to type
            in. If you need several documents side by side, try the{" "}
            <Link to="/online-notepad/">Advanced Notepad</Link> with tabs, or read the{" "}
            <Link to="/tutorials/getting-started-text-editor/">getting-started tutorial</Link>.
          </p>
        </section>

        <section aria-labelledby="editor-faq" className="mt-12">
          <h2 id="editor-faq" className="text-2xl font-bold text-slate-900 dark:text-white">
            Frequently asked questions
          </h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-950">
            {EDITOR_FAQ.map(({ question, answer }) => (
              <details key={question} className="group px-4 py-3">
                <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden dark:text-white">
                  <h3 className="inline text-base">{question}</h3>
                </summary>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{answer}</p>
              </details>
            ))}
          </div>
          <p className="mt-6">
            More answers are on the <Link to="/faq/">FAQ page</Link>. Questions or feedback?{" "}
            <Link to="/contact-us/">Contact us</Link>.
          </p>
        </section>
      </div>
    </div>
  );
}
