/** A plain-text template of the resources hub; `fileName` is what the editor names it. */
export interface PlainTextTemplate {
  id: string;
  title: string;
  description: string;
  fileName: string;
  content: string;
}

/** Six templates people actually reuse. Plain text only, so they work in any editor. */
export const TEMPLATES: readonly PlainTextTemplate[] = [
  {
    id: "meeting-notes",
    title: "Meeting notes",
    description:
      "Agenda, decisions and action items with owners, ready to paste into chat afterwards.",
    fileName: "meeting-notes.txt",
    content: `MEETING NOTES
Date:
Attendees:
Facilitator:

AGENDA
1.
2.
3.

NOTES
-

DECISIONS
-

ACTION ITEMS (owner - task - due date)
- 
- 

NEXT MEETING
`,
  },
  {
    id: "weekly-plan",
    title: "Weekly plan",
    description: "Three priorities for the week, a day-by-day list and a short Friday review.",
    fileName: "weekly-plan.txt",
    content: `WEEKLY PLAN - week of:

TOP 3 PRIORITIES
1.
2.
3.

MONDAY
[ ]
TUESDAY
[ ]
WEDNESDAY
[ ]
THURSDAY
[ ]
FRIDAY
[ ]

FRIDAY REVIEW
What went well:
What slipped, and why:
Carry over to next week:
`,
  },
  {
    id: "essay-outline",
    title: "Essay outline",
    description: "Thesis, three body paragraphs with evidence, counterargument and conclusion.",
    fileName: "essay-outline.txt",
    content: `ESSAY OUTLINE
Title:
Course / due date:
Word limit:

THESIS (one sentence)


INTRODUCTION
- Hook:
- Context:
- Thesis restated:

BODY 1 - Point:
  Evidence:
  Explanation:

BODY 2 - Point:
  Evidence:
  Explanation:

BODY 3 - Point:
  Evidence:
  Explanation:

COUNTERARGUMENT AND RESPONSE


CONCLUSION
- Restate thesis in new words:
- Why it matters:

SOURCES
1.
`,
  },
  {
    id: "bug-report",
    title: "Bug report",
    description:
      "Steps to reproduce, expected and actual results, and the environment details developers ask for.",
    fileName: "bug-report.txt",
    content: `BUG REPORT
Summary:
Severity (low / medium / high / blocker):

STEPS TO REPRODUCE
1.
2.
3.

EXPECTED RESULT


ACTUAL RESULT


ENVIRONMENT
Browser and version:
Operating system:
Device:

ATTACHMENTS / LOGS


NOTES
`,
  },
  {
    id: "study-notes",
    title: "Study notes (Cornell style)",
    description:
      "Cues and questions, main notes and a summary, the classic Cornell layout in plain text.",
    fileName: "study-notes.txt",
    content: `STUDY NOTES
Course:
Topic:
Date:

CUES / QUESTIONS
-
-

MAIN NOTES
-
-
-

KEY TERMS
term - definition

SUMMARY (3-4 sentences, in your own words)


TO REVIEW BEFORE THE EXAM
[ ]
`,
  },
  {
    id: "cover-letter-outline",
    title: "Cover letter outline",
    description:
      "A four-paragraph structure that keeps a cover letter specific and under one page.",
    fileName: "cover-letter-outline.txt",
    content: `COVER LETTER OUTLINE
Role:
Company:
Hiring manager (if known):

OPENING
- The role you are applying for and where you found it:
- One sentence on why this company:

WHY YOU FIT (match 2-3 requirements from the posting)
- Requirement:
  Your evidence (a result, with a number if possible):
- Requirement:
  Your evidence:

WHAT YOU WOULD BRING IN THE FIRST MONTHS


CLOSING
- Thank them:
- Availability and contact details:
`,
  },
];
