/** Categories of the special-character map (spec section 9), in order. */
export const CHARACTER_CATEGORIES = [
  "Common",
  "Mathematical",
  "Arrows",
  "Greek",
  "Currency",
  "Punctuation",
] as const;

/** One of CHARACTER_CATEGORIES. */
export type CharacterCategory = (typeof CHARACTER_CATEGORIES)[number];

/** A character and its readable (Unicode) name, the button's accessible name. */
export interface NamedCharacter {
  char: string;
  name: string;
}

// [character, Unicode name] pairs; names follow the Unicode character names in lower case.
const RAW: Record<CharacterCategory, [string, string][]> = {
  Common: [
    ["©", "copyright sign"], ["®", "registered sign"], ["™", "trade mark sign"], ["°", "degree sign"],
    ["§", "section sign"], ["¶", "pilcrow sign"], ["•", "bullet"], ["…", "horizontal ellipsis"],
    ["†", "dagger"], ["‡", "double dagger"], ["µ", "micro sign"], ["½", "vulgar fraction one half"],
    ["¼", "vulgar fraction one quarter"], ["¾", "vulgar fraction three quarters"], ["⅓", "vulgar fraction one third"],
    ["¹", "superscript one"], ["²", "superscript two"], ["³", "superscript three"], ["✓", "check mark"],
    ["✗", "ballot x"], ["★", "black star"], ["☆", "white star"], ["♥", "black heart suit"],
    ["♪", "eighth note"], ["☐", "ballot box"], ["☑", "ballot box with check"], ["№", "numero sign"],
    ["℃", "degree celsius"], ["℉", "degree fahrenheit"], ["·", "middle dot"],
  ],
  Mathematical: [
    ["±", "plus-minus sign"], ["×", "multiplication sign"], ["÷", "division sign"], ["≠", "not equal to"],
    ["≈", "almost equal to"], ["≡", "identical to"], ["≤", "less-than or equal to"], ["≥", "greater-than or equal to"],
    ["∞", "infinity"], ["√", "square root"], ["∛", "cube root"], ["∑", "n-ary summation"],
    ["∏", "n-ary product"], ["∫", "integral"], ["∂", "partial differential"], ["∆", "increment"],
    ["∇", "nabla"], ["∈", "element of"], ["∉", "not an element of"], ["∩", "intersection"],
    ["∪", "union"], ["⊂", "subset of"], ["⊃", "superset of"], ["∀", "for all"],
    ["∃", "there exists"], ["∅", "empty set"], ["¬", "not sign"], ["∧", "logical and"],
    ["∨", "logical or"], ["∝", "proportional to"], ["‰", "per mille sign"], ["′", "prime"],
  ],
  Arrows: [
    ["←", "leftwards arrow"], ["↑", "upwards arrow"], ["→", "rightwards arrow"], ["↓", "downwards arrow"],
    ["↔", "left right arrow"], ["↕", "up down arrow"], ["↖", "north west arrow"], ["↗", "north east arrow"],
    ["↘", "south east arrow"], ["↙", "south west arrow"], ["⇐", "leftwards double arrow"], ["⇑", "upwards double arrow"],
    ["⇒", "rightwards double arrow"], ["⇓", "downwards double arrow"], ["⇔", "left right double arrow"], ["↩", "leftwards arrow with hook"],
    ["↪", "rightwards arrow with hook"], ["↺", "anticlockwise open circle arrow"], ["↻", "clockwise open circle arrow"], ["➜", "heavy round-tipped rightwards arrow"],
  ],
  Greek: [
    ["α", "greek small letter alpha"], ["β", "greek small letter beta"], ["γ", "greek small letter gamma"], ["δ", "greek small letter delta"],
    ["ε", "greek small letter epsilon"], ["ζ", "greek small letter zeta"], ["η", "greek small letter eta"], ["θ", "greek small letter theta"],
    ["ι", "greek small letter iota"], ["κ", "greek small letter kappa"], ["λ", "greek small letter lamda"], ["μ", "greek small letter mu"],
    ["ν", "greek small letter nu"], ["ξ", "greek small letter xi"], ["ο", "greek small letter omicron"], ["π", "greek small letter pi"],
    ["ρ", "greek small letter rho"], ["σ", "greek small letter sigma"], ["τ", "greek small letter tau"], ["υ", "greek small letter upsilon"],
    ["φ", "greek small letter phi"], ["χ", "greek small letter chi"], ["ψ", "greek small letter psi"], ["ω", "greek small letter omega"],
    ["Γ", "greek capital letter gamma"], ["Δ", "greek capital letter delta"], ["Θ", "greek capital letter theta"], ["Λ", "greek capital letter lamda"],
    ["Π", "greek capital letter pi"], ["Σ", "greek capital letter sigma"], ["Φ", "greek capital letter phi"], ["Ω", "greek capital letter omega"],
  ],
  Currency: [
    ["$", "dollar sign"], ["€", "euro sign"], ["£", "pound sign"], ["¥", "yen sign"],
    ["¢", "cent sign"], ["₹", "indian rupee sign"], ["₽", "ruble sign"], ["₩", "won sign"],
    ["₪", "new sheqel sign"], ["₫", "dong sign"], ["₺", "turkish lira sign"], ["₴", "hryvnia sign"],
    ["₦", "naira sign"], ["₱", "peso sign"], ["฿", "thai currency symbol baht"], ["₿", "bitcoin sign"],
    ["¤", "currency sign"], ["₣", "french franc sign"], ["₡", "colon sign"], ["₲", "guarani sign"],
  ],
  Punctuation: [
    ["–", "en dash"], ["—", "em dash"], ["‘", "left single quotation mark"], ["’", "right single quotation mark"],
    ["“", "left double quotation mark"], ["”", "right double quotation mark"], ["«", "left-pointing double angle quotation mark"], ["»", "right-pointing double angle quotation mark"],
    ["‹", "single left-pointing angle quotation mark"], ["›", "single right-pointing angle quotation mark"], ["„", "double low-9 quotation mark"], ["‚", "single low-9 quotation mark"],
    ["¡", "inverted exclamation mark"], ["¿", "inverted question mark"], ["‽", "interrobang"], ["⁂", "asterism"],
    ["※", "reference mark"], ["‖", "double vertical line"], ["¦", "broken bar"], ["‐", "hyphen"],
  ],
};

/** The characters of each category with their names. */
export const SPECIAL_CHARACTERS: Record<CharacterCategory, NamedCharacter[]> = Object.fromEntries(
  CHARACTER_CATEGORIES.map((category) => [category, RAW[category].map(([char, name]) => ({ char, name }))]),
) as Record<CharacterCategory, NamedCharacter[]>;
