/**
 * The FAQ page's questions and answers (spec section 2, "FAQ page"): the spec's 39 entries,
 * five on live collaboration (issue 44) and one on opening a folder (issue 52), in six
 * categories. Pure data, safe in Node (prerender) and the browser. Every answer must stay true
 * to /work/briefs/product-facts.md.
 */

/** The six FAQ categories, in display order. */
export const FAQ_CATEGORIES = [
  "Getting Started",
  "Features",
  "Google Drive",
  "Technical",
  "Troubleshooting",
  "Privacy",
] as const;

/** One of FAQ_CATEGORIES. */
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** One question of the FAQ page. `answer` is plain text (paragraphs separated by a blank line). */
export interface FaqEntry {
  question: string;
  answer: string;
  category: FaqCategory;
  id: string;
}

/** Every FAQ entry, grouped by category in display order. */
export const FAQ_ENTRIES: FaqEntry[] = [
  // Getting Started
  {
    id: "is-plainpad-free",
    category: "Getting Started",
    question: "Is Plainpad really free?",
    answer:
      "Yes. Both the simple text editor and the Advanced Notepad are free to use, with no trial period, no paid tier and no feature held back behind a payment.\n\n" +
      "Plainpad does not load analytics or advertising scripts today. Your documents stay in your own browser unless you choose to send them somewhere (your Google Drive, a share link, or a live session whose changes are encrypted so our relay cannot read them), and if the site ever adds analytics or ads, the Privacy Policy will name the service first, and it will never see your documents.",
  },
  {
    id: "do-i-need-an-account",
    category: "Getting Started",
    question: "Do I need to create an account?",
    answer:
      "No. Plainpad has no accounts, no sign-up form and no password to remember. Open the editor or the notepad and start typing.\n\n" +
      "The only sign-in you will ever see is the optional Google sign-in (the Sign in button in the Text Editor, or the Google Drive commands in the notepad's File menu), which is used for one thing: opening and saving files in your own Google Drive. If you never use Drive, you never need to sign in.",
  },
  {
    id: "which-editor-should-i-use",
    category: "Getting Started",
    question: "Should I use the Text Editor or the Advanced Notepad?",
    answer:
      "Use the Text Editor (/editor/) when you are working on one document at a time. It has a formatting toolbar, regular-expression search, editor themes and a settings panel with line numbers, word wrap and a print margin guide.\n\n" +
      "Use the Advanced Notepad (/online-notepad/) when you juggle several pieces of text. It has File, Edit, Insert, View and Help menus, as many tabs as you like, find and replace, an emoji picker, a special-character map and a Download all tabs option that saves everything as one .zip file.",
  },
  {
    id: "do-i-need-to-install-anything",
    category: "Getting Started",
    question: "Do I need to install anything?",
    answer:
      "No. Plainpad runs entirely in your web browser, so there is no program, plug-in or extension to install. Open plainpad.app in a current version of Chrome, Edge, Firefox or Safari and both editors are ready to use.\n\n" +
      "Your documents are kept in that browser's own storage on your device, which is why your text is still there when you come back later in the same browser.\n\n" +
      "After your first visit Plainpad also works offline: the browser keeps a copy of the site, so both editors, your stored documents, opening and saving files on your computer, and the help pages all load without a connection. Only Google Drive needs the internet; offline, its buttons say \"You are offline\" and your text stays in the browser.\n\n" +
      "If you want Plainpad in its own window, you can install it: in Chrome or Edge, use the install icon in the address bar or the browser menu's Install option; on a phone, Add to Home Screen. The installed app can open .txt, .md, .csv, .log, .json, .xml and .yaml files from your computer (Open with > Plainpad), each in a new notepad tab that saves back into the file, and on Android you can share text to it. When a new version is out, Plainpad shows \"A new version of Plainpad is ready\" and only reloads when you click Reload.",
  },
  {
    id: "how-do-i-start-a-new-document",
    category: "Getting Started",
    question: "How do I start and name a new document?",
    answer:
      "On the home page, click Create New Text File to open the Text Editor with an empty document, or Open File From Computer to start from a file you already have. Inside the Text Editor, the New button starts an empty document; if the current one has unsaved changes, Plainpad asks first. In the Advanced Notepad, choose File > New tab to add another Untitled tab next to the ones you have.\n\n" +
      "To name it in the Text Editor, click the file name at the top of the page, type and press Enter or click elsewhere; a new document starts as Untitled.txt, a file you open keeps its own name and extension, and downloads and Save as… use the name. In the notepad, double-click a tab (or choose File > Rename tab), type up to 30 characters and press Enter or click away. Escape cancels the change, and an empty name is ignored.",
  },
  {
    id: "which-file-types-can-i-open",
    category: "Getting Started",
    question: "Which file types can I open, and how large?",
    answer:
      "Plainpad opens plain text files up to 500 MB: .txt, .md, .csv, .json, .html, .xml and .css, and code and configuration files such as .js, .ts, .py, .yaml, .sql, .sh, .ini, .toml, .c, .java, .go or .rs. The Advanced Notepad can open several files at once, each in its own tab. A code, Markdown or data file is highlighted by its type; the language button in the status bar shows which one and lets you pick another, and .txt files, like a new document in the Text Editor, stay plain text. Word documents, PDFs, images and other binary files are not text, so Plainpad refuses them with a message instead of showing unreadable characters; a file over 500 MB is refused too, and the document you are working on is left untouched. A big file is read in the background with a progress bar and a Cancel button, so the page stays usable while it opens, and cancelling leaves your document as it was.\n\n" +
      "Below that limit, big files are fine: both editors are built on the CodeMirror 6 editing engine, which only draws the lines on screen, so files of tens of megabytes stay responsive while you scroll, type and search.",
  },

  // Features
  {
    id: "does-plainpad-save-automatically",
    category: "Features",
    question: "Does Plainpad save my work automatically?",
    answer:
      "Yes, in your browser. The Text Editor keeps its draft (the text, the file name and, if any, the link to its file on your computer or in Google Drive) within a second of your last edit and restores it after a reload or a crash. The Advanced Notepad stores every tab within about a second of each edit and writes any pending change when you leave the page. Only the part of a document you changed is written again, so this stays quick in big files; the first store of a very big file (hundreds of megabytes) takes a few seconds, and the status bar says \"Saving in this browser…\" until it is done. Keep the page open until that message goes away.\n\n" +
      "This browser copy is not a file on your computer. To keep a lasting copy, save the document to a file with Save (Ctrl+S, Cmd+S on a Mac) or Save as…, use Download, or Save to Google Drive.",
  },
  {
    id: "can-plainpad-save-back-to-the-file-i-opened",
    category: "Features",
    question: "Can Plainpad save back to the file I opened?",
    answer:
      "Yes, in Chrome, Edge and Opera on a computer. Open a file with Open File From Computer, the Open button, File > Open… in the notepad or by dragging it onto the editor, and Plainpad keeps a link to it with the document, even across a reload. Save (Ctrl+S, Cmd+S on a Mac, or the Save icon) then writes into that same file. The first save after a reload asks the browser's permission to edit the file. If another program changed the file in the meantime, Plainpad asks whether to overwrite it, save as a new file, reload it from disk or cancel; if you overwrite, the file's other text is kept in the document's version history.\n\n" +
      "Firefox, Safari and phone browsers do not let web pages write to files, so there Save and Save as… download the file instead, and the message says \"downloaded\". Text you started in Plainpad has no file yet: Save downloads it, and Save as… (Ctrl+Shift+S) lets you choose where it goes and keeps saving there.",
  },
  {
    id: "how-many-tabs-can-i-open",
    category: "Features",
    question: "How many tabs can I open in the Advanced Notepad?",
    answer:
      "There is no limit on the number of tabs. New tabs are named Untitled-1, Untitled-2 and so on, and you can rename, duplicate, reorder by dragging, or close them.\n\n" +
      "Each tab keeps its own undo history (50 steps), cursor position and scroll position. Press Ctrl+1 to Ctrl+9 (Cmd on a Mac) to jump to one of the first nine tabs, and use File > Close other tabs to tidy up. The last remaining tab cannot be closed.",
  },
  {
    id: "can-i-search-with-regular-expressions",
    category: "Features",
    question: "Can I search with regular expressions?",
    answer:
      "Yes, in the Text Editor. Open the search bar with the Find button or Ctrl+F (Cmd+F on a Mac), type a pattern and press Enter. The search is case-insensitive, and your query is read as a regular expression, so a pattern such as colou?r finds both spellings. The counter shows the match number and the total; an invalid pattern shows \"Invalid pattern\".\n\n" +
      "The Advanced Notepad's Find looks for plain text, in the current tab or, with In all tabs ticked, in every tab at once, and its Replace All replaces exact, case-sensitive matches.",
  },
  {
    id: "how-do-i-insert-emoji-and-special-characters",
    category: "Features",
    question: "How do I insert emoji and special characters?",
    answer:
      "In the Advanced Notepad, open the Insert menu or right-click in the text. The emoji picker holds over 400 emoji in seven categories (Smileys, People, Animals, Food, Activities, Objects and Symbols) with a search box. The special-character map covers Common, Mathematical, Arrows, Greek, Currency and Punctuation characters.\n\n" +
      "In the Text Editor you can paste any character or use your operating system's own emoji panel. Everything is stored as ordinary Unicode text.",
  },
  {
    id: "can-i-change-the-theme-and-font-size",
    category: "Features",
    question: "Can I change the theme and the font size?",
    answer:
      "Yes. The Text Editor offers three editor themes (Light, Dark and Blue) and a font size from 8 to 72, with 16 as the default. Both are on the toolbar and in the Settings panel: the toolbar's font size buttons move the size in steps of 2, and the Settings panel takes any whole size from 8 to 72.\n\n" +
      "The Advanced Notepad's View menu changes the font size (8 to 72, default 14) and the font family: Consolas, Monaco, Arial, Times New Roman, Courier New, Georgia or Verdana. The light or dark site theme is switched with the theme toggle in the page header.",
  },
  {
    id: "does-plainpad-support-bold-and-italic",
    category: "Features",
    question: "Does Plainpad support bold, italic and underline?",
    answer:
      "In its own way. Plainpad is a plain-text editor, so it does not store rich text. The Bold, Italic and Underline buttons of the Text Editor wrap the selection in Markdown-style markers: **bold**, _italic_ and <u>underline</u>. The editor highlights them so they are easy to see, and applying the same button again removes them.\n\n" +
      "The saved file stays plain text, which means it opens anywhere, and Markdown tools understand the bold and italic markers.\n\n" +
      "To see a Markdown document formatted, open it with a .md name (or choose Markdown with the language button in the status bar) and pick Side by side or Preview only: in the Advanced Notepad under View > Markdown preview, in the Text Editor with the toolbar's preview buttons (under More on a narrow screen). The preview follows your typing, scrolls with the text and shows tables, task lists, strikethrough and coloured code blocks. On a phone, a Text / Preview switch shows one at a time. The preview never runs scripts from a document, and pictures from other websites stay unloaded until you press Load images for that document (the next one asks again), so opening a file tells no one you read it.",
  },
  {
    id: "which-file-formats-can-i-export",
    category: "Features",
    question: "Which file formats can I export?",
    answer:
      "Five. Click Export… in the Text Editor's header, or choose File > Export… in the Advanced Notepad, pick Plain text (.txt), Markdown (.md), Web page (.html), Rich Text Format (.rtf, for Word, LibreOffice, Pages and WordPad) or PDF document (.pdf), change the file name if you like and click Download. The PDF is made in your browser on A4 pages with the fonts embedded; characters those fonts lack, such as Chinese, Japanese or Korean, show as � and the dialog says how many. For a Markdown document, Web page and PDF can be made As formatted (headings, lists, tables and code as the preview shows them; the default) or As plain text.\n\n" +
      "The Text Editor's Download button gives you a file straight away (named as the document; a new document is a .txt file), and the notepad's File > Download all tabs saves every tab in one .zip file. Print (Ctrl+P, Cmd+P on a Mac) is still there as well (while a Markdown preview is shown, it prints the formatted document), and your browser's print dialog can save the page as a PDF. There is no Word (.docx) export: open the .rtf file in Word and save it from there.",
  },

  {
    id: "how-do-i-edit-together",
    category: "Features",
    question: "How do I edit a document together with someone?",
    answer:
      "Choose Live collaboration…: in the Text Editor it is in the header, and in the Advanced Notepad it is in the File menu and on a tab's right-click menu. Start the session and you get two links, each with Copy and a QR code: an Edit link and a View-only link. Send the Edit link to the people who should write with you. Opening it goes straight to the text in the editor it came from (a notepad tab for the notepad), with nothing to sign up for; you can give a name so the others see who is typing.\n\n" +
      "Everyone then types into the same text at once and sees the others' cursors, selections and names. Edits made at the same moment are merged by Yjs, a library built for exactly that, so nobody's typing overwrites anybody else's. Undo takes back only your own edits. The status bar shows how many people are here (\"3 here\"; point at it or focus it for the names) and the session's state: Live, Reconnecting…, Offline or Ended.\n\n" +
      "A live document is still kept in your browser, in its version history and in your backups like any other. Leaving keeps it as an ordinary document in your browser. A live document can hold up to 10 MB of text; a bigger one is refused before anything is sent.\n\n" +
      "Anyone who has the Edit link can edit, so share it like a key. Keep the link too: there are no accounts, so if everyone loses it, nobody, including us, can recover it.",
  },
  {
    id: "what-can-a-view-only-link-do",
    category: "Features",
    question: "What can someone with a View-only link do?",
    answer:
      "Read. The View-only link opens the same live document and shows every change as it is made, with the others' cursors, and the reader's presence shows in the status bar too. It cannot change the text for anyone: edits are signed with a key that only the Edit link holds, and the relay takes changes only from a connection that has just proved it holds that key, so even a modified page with the View-only link changes nothing, not even by sending back signed changes it received.\n\n" +
      "A View-only link can still read everything, now and later, so send it only to people who may read the document. It cannot be turned into an Edit link.",
  },

  {
    id: "can-i-open-a-folder",
    category: "Features",
    question: "Can I open a whole folder of files?",
    answer:
      "Yes, in the Advanced Notepad: File > Open folder… (Ctrl+Alt+O) shows the folder in a panel beside your tabs. Click a file to open it in a tab bound to it; Save writes it back in place, in its own encoding and line endings. Ctrl+P (Cmd+P) is Quick open while a folder is open: type a few letters of a file's name to find it. Edit > Find in files… (Ctrl+Shift+F) searches every file, each read in its own encoding, so Windows-1252, Shift_JIS or UTF-16 files are searched as text; click a result to open the file at that line.\n\n" +
      "Edit > Replace in files… shows every change with a checkbox before anything is written, skips files another program changed since the search or that have unsaved edits in a tab, and one Undo replace in files puts every file back exactly as it was. From the panel you can also create, rename, move and delete files (deleted files wait in the panel's Trash while the page is open). Next time, Reopen with the folder's name brings the folder and its tabs back after one permission prompt.\n\n" +
      "Writing into the folder needs Chrome, Edge or Opera on a computer. Firefox and Safari open a folder read-only: you can browse, search and open its files, and Save downloads a copy. Opening a folder uploads nothing: the page reads and writes its files on your computer.",
  },

  // Google Drive
  {
    id: "do-i-need-google-drive",
    category: "Google Drive",
    question: "Do I need Google Drive to use Plainpad?",
    answer:
      "No. Google Drive is entirely optional. Everything else, from writing and searching to downloading and printing, works without signing in to anything.\n\n" +
      "Drive is useful when you want a copy of a document in the cloud or want to continue on another computer. Sign in with your Google account, then use Save to Drive (Save to Google Drive in the notepad's File menu) to store the document, or Open from Drive (Open from Google Drive in the notepad) to load one of your text files. You can sign out at any time.\n\n" +
      "The Advanced Notepad can also keep its tabs synced with Drive in the background: File > Sync with Google Drive, then Real-time, Every 30 seconds, Every 5 minutes or Manual only, and all tabs or only the current one. Each synced tab is a text file in your Drive, and on another computer, after turning sync on with the same account, Bring in your synced tabs opens them there. Changes made on both sides are merged, neighbouring lines too; where the same lines changed on both, your text stays and the other version opens in a \"(Drive copy)\" tab that is synced too, so both versions are on every computer, and the computer whose lines were replaced says so. A file another app rewrote in an encoding the tab does not use is never merged either: it opens beside the tab as a \"(Drive copy)\". Each tab keeps its encoding and line endings on every computer. A tab shows Synced only when Drive holds its text. Drive cannot refuse an upload when its file changed in the meantime, so Plainpad checks the file's revisions right after each upload and merges any written in between; only when Drive has already removed the revision a tab started from is the other version left to the file's own version history in Drive. Sync is off until you turn it on.",
  },
  {
    id: "what-permissions-does-plainpad-ask-for",
    category: "Google Drive",
    question: "What permissions does Plainpad ask for in Google Drive?",
    answer:
      "When you sign in, Google asks you to allow two things: access to the Drive files you use with Plainpad (the files you pick in Google's file picker and the files Plainpad creates for you), and your basic profile and e-mail address, which the editor shows while you are signed in. Plainpad does not ask to see the rest of your Drive.\n\n" +
      "Google's file picker still lists all of your own text files; picking one is what gives Plainpad access to that file. Plainpad reads and writes only the files you open or save with it, and it has no feature that deletes, moves or shares your files. If you untick the Drive permission on Google's screen, Plainpad tells you so and cannot open or save Drive files until you sign in again and allow it.",
  },
  {
    id: "unverified-app",
    category: "Google Drive",
    question: "Why does Google say \"Google hasn't verified this app\" when I sign in?",
    answer:
      "Google shows this screen when an app asks for permissions that Google reviews (such as reading your whole Drive) and that review is not finished. Plainpad normally asks only for the Drive files you use with it and your basic profile, which Google does not review in that way, so you may never see the screen. It does not mean anything is wrong with your account.\n\n" +
      "If you do see it, click Advanced, then \"Go to Plainpad (unsafe)\", check the permissions listed and click Continue. If you prefer not to, close the window: every feature except Google Drive works without signing in.",
  },
  {
    id: "where-are-my-files-saved-in-google-drive",
    category: "Google Drive",
    question: "Where are my files saved in Google Drive?",
    answer:
      "A new document saved to Drive is created as a plain-text file in a folder called \"Plainpad Documents\" in your Drive. Plainpad makes that folder the first time you save a new document, so you will not see it before then.\n\n" +
      "A document you opened from Drive is different: saving it updates the original file in place, wherever it lives in your Drive, instead of making a copy.\n\n" +
      "Notepad tabs synced with Google Drive follow the same rule: a tab opened from Drive stays in its file, and any other synced tab gets a new .txt file in Plainpad Documents. That folder also holds \"Plainpad synced tabs.json\", the list of your synced tabs that your other computers read.",
  },
  {
    id: "why-doesnt-my-drive-file-appear-in-the-picker",
    category: "Google Drive",
    question: "Why doesn't my file appear in the Google Drive picker?",
    answer:
      "The picker lists only your own plain-text (.txt) files. Google Docs, Word documents, PDFs and spreadsheets are not plain text, so they are not shown, and neither are files that others have shared with you.\n\n" +
      "To edit a Google Doc in Plainpad, download it from Google Docs as a plain text (.txt) file, open that file from your computer, and then use Save to Drive to keep it in your Plainpad Documents folder.",
  },
  {
    id: "how-do-i-sign-out-or-revoke-access",
    category: "Google Drive",
    question: "How do I sign out or revoke Plainpad's access to my Drive?",
    answer:
      "Click Sign out in the editor to end your Plainpad session. Plainpad keeps your sign-in token in memory only and never stores it, so closing the tab also signs you out of Plainpad (though not out of your Google account).\n\n" +
      "To remove Plainpad's permissions completely, go to https://myaccount.google.com/permissions, select Plainpad and remove its access. Your files in Drive stay where they are; you can grant access again the next time you sign in.",
  },
  {
    id: "what-happens-when-i-save-a-file-opened-from-drive",
    category: "Google Drive",
    question: "What happens when I save a file I opened from Drive?",
    answer:
      "Plainpad remembers which Drive file the document came from, so Save to Drive updates that same file instead of creating a new one. In the Text Editor this link is part of the draft kept in your browser, so it survives a reload.\n\n" +
      "If you are signed out when you click Save to Drive, Plainpad offers to sign you in first. After signing in, click Save to Drive again to complete the save.",
  },

  // Technical
  {
    id: "which-browsers-are-supported",
    category: "Technical",
    question: "Which browsers does Plainpad support?",
    answer:
      "Plainpad supports current versions of the major browsers: Chrome and Edge 111 or later, Firefox 128 or later and Safari 16.4 or later. Saving straight back into a file on your computer needs Chrome, Edge or Opera on a desktop; in the other browsers, Save downloads the file instead.\n\n" +
      "Older browsers may load the pages but miss features the editors rely on, such as the browser storage that keeps your drafts. If something looks broken, update your browser first; it is the quickest fix for most display problems.",
  },
  {
    id: "does-plainpad-keep-encoding-and-line-endings",
    category: "Technical",
    question: "Does Plainpad keep my file's encoding and line endings?",
    answer:
      "Yes. When you open a file, Plainpad detects its encoding (UTF-8, UTF-8 with BOM, UTF-16 LE or BE with or without a byte order mark, Windows-1252, also called ANSI, or one of the older regional encodings such as Shift_JIS, GBK, Big5, EUC-KR or Windows-1251) and its line endings (Windows CRLF, Unix LF or Macintosh CR), and Save writes them back the same way, so a file you open and save unchanged keeps exactly the same bytes. A regional encoding is guessed from the text, and a notice says which one and how sure the guess is. A file that mixes line endings is saved with the kind most of its lines use, and a notice tells you so.\n\n" +
      "Both are shown in the status bar; click either one to change it for the next save. The encoding menu lists every encoding your browser can read, and in Chrome, Edge and Opera it can also reopen the file in another encoding if the guess was wrong (Undo brings the previous text back). New documents are UTF-8 with Unix (LF) line endings. If the text holds a character the chosen encoding cannot store, such as an emoji in a Windows-1252 file, Plainpad names the character and saves nothing until you remove it or pick another encoding.",
  },
  {
    id: "where-are-my-documents-stored",
    category: "Technical",
    question: "Where are my documents stored?",
    answer:
      "In your own browser, on your own device. Both editors keep your text in the browser's built-in database (IndexedDB): the Text Editor keeps its current draft, and the Advanced Notepad keeps every open tab. Preferences such as font size are kept in the browser's local storage. A file you open from your computer stays where it is; in Chrome, Edge and Opera the browser also keeps a link to it, so Save can write back into it. The status bar shows where each document lives.\n\n" +
      "No Plainpad server keeps a readable copy of your documents: they are never uploaded anywhere unless you save them to your Google Drive or edit them in a live session (whose changes are encrypted in the page; see \"Is live collaboration private?\"). Each browser on each device has its own separate copy.\n\n" +
      "A browser may clear a website's storage when the device runs short of space. After you first write something, Plainpad asks the browser to keep its storage for good: Chrome and Edge decide by themselves (they usually agree for sites you use often or install), and Firefox asks you. Help > About in the Advanced Notepad shows whether the browser agreed and how much room Plainpad uses, with a button to ask again. Safari deletes all of a website's stored data after seven days without a visit unless you add it to the Dock or the Home Screen, so in Safari both editors tell you this once. Either way, keep a copy of anything important: File > Back up all documents saves every tab and the Text Editor's document in one .zip, and after a week of changes without a backup the status bar offers one. In Chrome, Edge and Opera on a computer, File > Keep copies in a folder… goes further: pick a folder and the Advanced Notepad writes every tab into it as a plain text file a few seconds after each change.",
  },
  {
    id: "what-are-the-keyboard-shortcuts-on-a-mac",
    category: "Technical",
    question: "What are the keyboard shortcuts on a Mac?",
    answer:
      "On a Mac, use Cmd wherever Windows and Linux use Ctrl: Cmd+B, Cmd+I and Cmd+U for bold, italic and underline, Cmd+F to find and Cmd+P to print. Redo is Cmd+Shift+Z.\n\n" +
      "In both editors Cmd+O opens a file, Cmd+S saves the document (the current tab in the notepad) and Cmd+Shift+S opens Save as… to save to a new file. In the Advanced Notepad, Cmd+H opens find and replace, and Cmd+1 to Cmd+9 jump between tabs. For multiple cursors, Cmd+D adds the next occurrence of the selection and Cmd+Option+Up or Down adds a cursor; Option+drag selects a column. The Text Editor's Settings panel and the notepad's Help > Keyboard shortcuts list every shortcut for your platform.\n\n" +
      "If your fingers know Vim or Emacs, choose View > Keys in the notepad or Keys in the Text Editor's Settings panel. In Vim, :w saves and :q closes the notepad tab; in Emacs, Ctrl+X Ctrl+S saves.",
  },
  {
    id: "can-i-use-the-notepad-in-two-windows",
    category: "Technical",
    question: "Can I use the Advanced Notepad in two windows at once?",
    answer:
      "Yes. If you open the Advanced Notepad in two windows or tabs of the same browser, they stay in sync, because both read and write the same tabs stored in that browser. With Sync with Google Drive on, only one of the windows talks to Drive and the others show its status; turning sync off in one window turns it off in all.\n\n" +
      "If both windows change the same tab before either has stored it, neither change is lost: the other window's version opens as a separate tab named \"(other window)\". The Text Editor works the same way with its one document: an idle window follows what you type in the other, and if both changed it, the later change is kept and the other window's text is set aside with a button to download it.\n\n" +
      "A different browser, a private window or another device has its own separate storage, so it will not see those tabs. To move work between them, download the files or save them to Google Drive. To work on one document from two devices or browsers at the same time, open it in a live session (File > Live collaboration…) and open its Edit link on the other one.",
  },
  {
    id: "is-there-a-version-history",
    category: "Technical",
    question: "Does Plainpad keep a version history?",
    answer:
      "Yes. Both editors keep earlier versions of your text in this browser: when you start typing after a pause, every 5 minutes while you keep editing, and always before a big change replaces it (Replace All, a file opened or reloaded over it, another window's version, or restoring an older version). Open Version history… (the Text Editor's header, or File > Version history… in the Advanced Notepad; Ctrl+Shift+H or Cmd+Shift+H) to see each version's time, words and size, compare it with your current text, and restore it. Restoring is one step you can undo.\n\n" +
      "Up to 50 versions per document are kept for 30 days, within about 64 MB for all documents; the oldest go first, and versions are the first thing given up when the browser's storage is full, never your text itself. In the Advanced Notepad a closed tab is kept for 30 days as well: File > Reopen closed tab brings back the last one, and File > Recently closed tabs… lists them all.\n\n" +
      "Versions live in the same browser storage as your documents, so clearing site data removes them too. For milestones you want to keep for good, save a copy with Save as… or Download and include the date in the file name.",
  },

  // Troubleshooting
  {
    id: "what-happens-if-i-clear-my-browser-data",
    category: "Troubleshooting",
    question: "What happens to my documents if I clear my browser data?",
    answer:
      "They are deleted. The Text Editor's draft and the Advanced Notepad's tabs live in your browser's storage for plainpad.app, so clearing cookies and site data for this site, or for all sites, removes them. Some privacy tools and private windows clear this storage automatically.\n\n" +
      "Files on your computer are not touched, but the link to them and any unsaved changes go with the browser's data. Before you clear anything, save what you need: in the Advanced Notepad, File > Back up all documents… makes one .zip with every tab and the Text Editor's document (and, if you tick it, every kept version of each), and File > Restore from backup… reads it back later, in this browser or another, opening each document as a tab without overwriting any. You can also use Save or Download, or save important documents to Google Drive.\n\n" +
      "Some browsers clear a site's storage on their own when it has not been visited for a while (Safari after about seven days). Help > About in the notepad shows how much room Plainpad uses and whether the browser has agreed to keep it; where it has not, keep a recent backup.",
  },
  {
    id: "what-does-the-storage-full-warning-mean",
    category: "Troubleshooting",
    question: "What does the storage full warning mean?",
    answer:
      "It means your browser refused to store more data for Plainpad, so your latest edits are not stored in the browser yet. Your text is still on the screen, so nothing is lost as long as the page stays open. When you open a file in the Advanced Notepad that is bigger than the room the browser has left for Plainpad, a warning says so at once, before anything depends on that storage.\n\n" +
      "Use the download the warning offers to save a copy right away. Then free some space: close tabs you no longer need, remove data other sites keep in this browser, or free up disk space on your device.",
  },
  {
    id: "why-is-printing-or-sign-in-blocked",
    category: "Troubleshooting",
    question: "Why doesn't the Google sign-in window open?",
    answer:
      "Your browser is probably blocking pop-up windows. Google sign-in opens Google's own window, so a pop-up blocker can stop it. Printing does not need pop-ups: if the print window is blocked, Plainpad prints through a hidden frame instead.\n\n" +
      "Look for a blocked pop-up icon in the address bar, choose to always allow pop-ups from plainpad.app, and click Sign in again. Ad blockers and privacy extensions can also block Google's sign-in scripts; allowing them for this site usually helps.",
  },
  {
    id: "file-does-not-look-like-a-text-file",
    category: "Troubleshooting",
    question: "Why does Plainpad say my file \"does not look like a text file\"?",
    answer:
      "Plainpad opens plain text only. Word documents, PDFs, images and archives store binary data, so instead of filling the editor with unreadable characters, Plainpad refuses them with this message and leaves your current document unchanged.\n\n" +
      "To edit such a file, first save or export it as plain text (.txt, UTF-8) in the program that made it, then open that file.",
  },
  {
    id: "why-does-ctrl-n-open-a-browser-window",
    category: "Troubleshooting",
    question: "Why does Ctrl+N open a new browser window instead of a new tab?",
    answer:
      "Chrome and Edge keep Ctrl+N, Ctrl+T and Ctrl+W (Cmd+N, Cmd+T and Cmd+W on a Mac) for themselves and never pass them to web pages, so the browser acts before Plainpad can.\n\n" +
      "Use File > New tab or the + button at the end of the tab bar in the Advanced Notepad. To close a tab, use File > Close tab or the × on the tab; the notepad has no close-tab shortcut. Other shortcuts, such as Ctrl+S and Ctrl+F, are handled by Plainpad as usual.",
  },
  {
    id: "what-if-saving-to-google-drive-fails",
    category: "Troubleshooting",
    question: "What should I do if saving to Google Drive fails?",
    answer:
      "Your text is safe: a failed save keeps the document in the editor and tells you what went wrong. If Google Drive is busy, Plainpad retries automatically, so wait a moment and try again. A big document whose upload is interrupted continues from where it stopped.\n\n" +
      "Some messages come with the way out: if Google Drive has not authorised Plainpad to change the file, choose Save as a new file in Drive; if you can only view the file, choose Save a copy; if your Drive is full, free up space (the message links to Google's storage page) and save again. If Plainpad asks you to reconnect, click Reconnect to Google Drive: your sign-in needed renewing, and the save carries on. If the message says access was refused, sign out, sign in again and allow the permissions Google asks for. If your documents do not seem to appear, look in the Plainpad Documents folder, which is created with your first new document.\n\n" +
      "Background sync of notepad tabs says what is wrong in the status bar and on each tab's mark, and keeps your text in the tab meanwhile. After about an hour Google's sign-in needs a click: press Reconnect to keep syncing and the edits that waited are synced. Offline, it syncs again when you are back; when Google asks it to slow down, it waits longer between tries (at least as long as Google asks), and after Plainpad's daily allowance of Google requests it waits until the allowance renews; if a tab's file was deleted, may only be viewed or was not authorised for Plainpad, Save as a new file in Drive puts the tab in a new file; if a permission is missing, Reconnect to keep syncing asks Google again.",
  },
  {
    id: "what-happens-offline-in-a-live-session",
    category: "Troubleshooting",
    question: "What happens if I lose my connection during a live session?",
    answer:
      "You keep typing. The status bar says Reconnecting… while Plainpad tries again, or Offline when there is no network; your edits are kept in your browser the whole time. When the connection comes back, your edits and everyone else's are merged, and every side ends up with the same text. The same happens after a restart of the relay or with a laptop lid closed for an hour. Should the relay lose what it stored (a failed disk, say), the people who come back send it their copy again, so the text is whole for anyone who joins later.\n\n" +
      "The session says Ended when the person who started it ended it for everyone (the page checks their signature, so the relay cannot claim it), or when the session expired (the relay deletes sessions nobody has edited for 30 days); the words on the page say which. An ended session cannot be started again under the same link. Your copy of the text stays in your browser as an ordinary document either way. Other problems, such as a damaged link or a document over the 10 MB limit, are explained in words on the page; nothing you typed is lost.",
  },

  // Privacy
  {
    id: "can-plainpad-read-my-documents",
    category: "Privacy",
    question: "Can Plainpad read my documents?",
    answer:
      "No. Your text is edited and stored in your own browser, on your own device, and nobody at Plainpad can see it.\n\n" +
      "The only time your text leaves your device is when you choose to: when you download a file, print it, save it to your own Google Drive, share it as a link, or edit it with others in a live session. Saved Drive files go straight from your browser to Google. In a live session, every change is encrypted in your browser before it reaches Plainpad's relay, and the key is only in the link, so the relay passes on and keeps text it cannot read (see \"Is live collaboration private?\").\n\n" +
      "Share (in the Text Editor's header, the notepad's File menu and a tab's right-click menu) puts the document itself inside the link, compressed, after the # sign: browsers never send that part of an address to any server, so the text lives only in the link and in the places you paste or send it. Anyone who has the link can read it, so add a password for anything private: the text is then encrypted (AES-256), the password is not in the link, and the person opening it has to type it. Use a long password, such as four or more random words, and send it separately: a short one can be guessed offline, because there is no server to limit attempts. A link holds up to about 10,000 words of ordinary prose (32,000 characters of link); for longer documents, send the file or share it from Google Drive.",
  },
  {
    id: "is-live-collaboration-private",
    category: "Privacy",
    question: "Is live collaboration private?",
    answer:
      "The text is. Every change and every cursor or presence message is encrypted in your browser before it leaves, with XChaCha20-Poly1305 and a fresh random nonce for each message. The keys are derived from one random 256-bit secret that lives only in the link, after the # sign, and browsers never send that part of an address to any server. So Plainpad's relay, which passes changes between you and keeps them for late arrivals, holds only text it cannot read. Edits are also signed (Ed25519), and the relay refuses unsigned writes, so it cannot be tricked into accepting a change from a View-only link, and it cannot forge one itself.\n\n" +
      "What the relay does see is the traffic around the text: a room id (a hash, not your document's name), the size and time of each message, and the IP addresses that connect. It could also delay, drop or hold back messages, so that someone sees an out-of-date text or cannot connect, but it cannot read, change or forge them.\n\n" +
      "The link is the key. Anyone who has the Edit link can read and edit; anyone with the View-only link can read. Send links over a channel you trust, and remember that chat and e-mail services keep copies of what you send through them. How it works in detail: /blog/how-live-collaboration-encryption-works/.",
  },
  {
    id: "what-does-the-relay-keep",
    category: "Privacy",
    question: "What does the live collaboration relay keep, and for how long?",
    answer:
      "For each live session the relay keeps the encrypted changes, and the encrypted snapshots that the editors upload now and then to replace many small changes with one, so that someone who opens the link later, when nobody else is online, still gets the whole text. It also keeps the room id and the sizes and times of those changes. Cursor and presence messages are passed on and never stored. None of it can be read without the link.\n\n" +
      "A session nobody has edited for 30 days is deleted with everything it holds. The person who started it can delete it at once by ending the session for everyone in the Live collaboration… dialog: the relay's copy is removed, everyone is disconnected (and anyone who opens the link later is told it ended, for another 30 days), and each person keeps the text in their own browser as an ordinary document. The relay holds IP addresses in memory to apply its limits (for example how many sessions one address may start in an hour); the Privacy Policy says more.",
  },
  {
    id: "does-plainpad-use-analytics-or-ads",
    category: "Privacy",
    question: "Does Plainpad use analytics or show ads?",
    answer:
      "No. Plainpad does not load analytics or advertising scripts today; the only outside services the site talks to are Google sign-in and Google Drive, and only when you use them, and the websites pictures in a Markdown document come from, only after you press Load images for that document.\n\n" +
      "If that ever changes, the Privacy Policy will name the service first, and it will never see your documents: your writing stays in your browser's storage.",
  },
  {
    id: "does-plainpad-use-cookies",
    category: "Privacy",
    question: "Does Plainpad use cookies?",
    answer:
      "No tracking cookies. Plainpad loads no analytics or advertising scripts, so nothing on the site sets cookies to follow you around. Google's sign-in code loads only when you point at or use Google Drive controls, and Google's own privacy policy covers it.\n\n" +
      "Plainpad itself does not need cookies to work. Your documents are kept in your browser's database, and your preferences, such as the site theme and font size, are kept in your browser's local storage. Neither is sent to a server.",
  },
  {
    id: "what-does-google-see-when-i-use-drive",
    category: "Privacy",
    question: "What does Google see when I use the Drive integration?",
    answer:
      "When you sign in, Google handles the sign-in in its own window and gives Plainpad a temporary token. Plainpad keeps that token in memory only, never stores it, and forgets it when you sign out or close the tab.\n\n" +
      "Google receives the files you save to Drive, just as it would if you uploaded them yourself. Plainpad only reads and writes the files you open or save with it, and you can revoke its access at any time.\n\n" +
      "With the notepad's Sync with Google Drive turned on, Google also receives the text of each synced tab (as that tab's file) and a small list of the synced tabs' names and files in your Plainpad Documents folder. Nothing of it passes through a Plainpad server.",
  },
  {
    id: "is-plainpad-safe-on-a-shared-computer",
    category: "Privacy",
    question: "Is it safe to use Plainpad on a shared computer?",
    answer:
      "Be careful. Your documents stay in the browser you used, so the next person using the same browser profile can open the editor and see them.\n\n" +
      "On a shared or public computer, use a private window, or download what you need and then clear this site's data before you leave. If you signed in to Google, sign out of Plainpad and also sign out of your Google account in the browser.",
  },
  {
    id: "how-do-i-delete-my-data",
    category: "Privacy",
    question: "How do I delete all my Plainpad data?",
    answer:
      "Because everything lives in your browser, you delete it there: open your browser's site settings for plainpad.app and clear its stored data. This removes the Text Editor draft, every notepad tab, the version history, recently closed tabs and your preferences.\n\n" +
      "A live session also leaves an encrypted copy of its changes on Plainpad's relay, which nobody can read without the link. The person who started the session can end it for everyone in the Live collaboration dialog, which deletes that copy at once; otherwise the relay deletes it 30 days after the last edit.\n\n" +
      "Files you saved to Google Drive stay in your Drive until you delete them there. To remove Plainpad's access, visit https://myaccount.google.com/permissions. Questions are welcome at support@plainpad.app.",
  },
];
