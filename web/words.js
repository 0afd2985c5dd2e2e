// The page's own words in the player's language, shown while the page is parsed, before
// a screen reader reads it or the browser offers to translate it: a classic script at
// the end of the body, run before game.js (a module, which runs after parsing). The
// words are written here by tools/web_build.py, from the game's catalogs.

"use strict";

(() => {
const PAGE_WORDS = {}; // the page's words by language, written here by tools/web_build.py
const LANGUAGE_KEY = "halfmoon-a11y-language"; // the language the player chose last
const PLACES = [
  ["title", "title"], ["lead", "lead"], ["skip", "skip"], ["label", "label"],
  ["hint", "hint"], ["review-title", "review"], ["review-hint", "review_hint"], ["send", "send"],
];

// The language the player chose last in this browser, else the browser's first that
// the game speaks, else English.
function chosenLanguage(words) {
  let kept = null;
  try {
    kept = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // storage blocked: the browser's languages decide
  }
  if (kept && words[kept]) return kept;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (words[code]) return code;
  }
  return "en";
}

// The page's fixed words, its title and its lang, in `language`; false when the page
// has no words for it.
function placeWords(words, language) {
  const mine = words[language] || words.en;
  if (!mine) return false;
  document.documentElement.lang = language;
  document.title = mine.title;
  for (const [id, key] of PLACES) {
    const element = document.getElementById(id);
    if (element) element.textContent = mine[key];
  }
  return true;
}

// For game.js, which shows the words again when the player switches language.
window.halfmoonWords = { chosenLanguage, placeWords };

if (placeWords(PAGE_WORDS, chosenLanguage(PAGE_WORDS))) {
  const status = document.getElementById("status");
  const mine = PAGE_WORDS[document.documentElement.lang];
  if (status && mine) status.textContent = mine.loading;
}
})();
