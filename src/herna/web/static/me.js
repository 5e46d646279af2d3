// My games (/me): the finished games of the seats this browser holds, with everyone's place,
// a replay link, my statistics per title (people and bots apart) and my ratings. The server
// works everything out (POST /api/history); this page only lays it out, in the page's words.
import {
  api, currentLang, el, heldSeats, languagePicker, loadWords, plural, t,
} from "./herna.js";
import { number } from "./board.js";

let data = null;
let failed = false;

function gameName(id) {
  const key = `game.${id}.name`;
  return t(key) === key ? id : t(key);
}

function signed(x) {
  return (x > 0 ? "+" : x < 0 ? "\u2212" : "\u00b1") + number(Math.abs(x));
}

function when(iso) {
  if (!iso) return "";
  return new Date(iso).toLocaleString(currentLang(), { dateStyle: "medium", timeStyle: "short" });
}

async function load() {
  const tokens = [...new Set(heldSeats().map((s) => s.token))].slice(0, 500);
  try {
    data = await api("/api/history", {
      method: "POST", body: { tokens, lang: document.documentElement.lang },
    });
    failed = false;
  } catch {
    failed = true;
  }
  draw();
}

// One finished game: the title, who played, my place and score, my rating change, a replay.
function gameRow(g) {
  // a solo game with nobody to beat is only a score: no place, no win
  const place = g.won === null ? null
    : g.won ? t("me.won") : t("me.place", { rank: g.rank, n: g.players });
  return el("li", { class: g.won ? "won" : "", "data-table": g.table },
    el("div", { class: "what" },
      el("strong", {}, gameName(g.game)), " ",
      el("span", { class: "badge" }, t(`me.against.${g.against}`)),
      g.rated ? [" ", el("span", { class: "badge rated" }, t("me.rated"))] : null,
      el("span", { class: "line" }, [place, `${t("col.score")} ${number(g.score)}`, when(g.finished)]
        .filter(Boolean).join(" · ")),
      el("span", { class: "line seats-line" }, [...g.seats].sort((a, b) => a.rank - b.rank
        || a.seat - b.seat).map((s) => `${s.rank}. ${s.label} (${number(s.score)})`).join(", ")),
      g.rating ? el("span", { class: "line rating" }, t("me.rating", {
        mu: number(g.rating.mu), change: signed(g.rating.change),
      })) : null),
    el("div", { class: "row-buttons" },
      el("a", { class: "button replay", href: g.replay }, t("lobby.replay")),
      el("a", { // the hard bot's rating of my decisions there
        class: "button review", title: t("review.link_title"),
        href: `/review/${encodeURIComponent(g.table)}?seat=${g.seat}`,
      }, t("review.link"))));
}

// A title's figures over my games, as "label: value" lines.
function figureLines(game, f) {
  const lines = [];
  const add = (key, value, fields = {}, wide = false) => {
    if (value !== null && value !== undefined) lines.push([t(key, fields), value, wide]);
  };
  if (game === "alhambra") {
    add("me.fig.mean_walls", number(f.mean_walls));
    add("me.fig.mean_longest_wall", number(f.mean_longest_wall));
    add("me.fig.majorities", number(f.majorities));
    add("me.fig.mean_majorities", number(f.mean_majorities));
  } else if (game === "alhambra-rw" && f.vs_virtual) {
    add("me.fig.vs_virtual", number(f.vs_virtual));
    add("me.fig.won_virtual", number(f.won_virtual));
    // my final score against theirs, and against each of them (beaten: I scored more)
    add("me.fig.mean_score_vs_virtual", number(f.mean_score_vs_virtual));
    add("me.fig.mean_virtual_score", number(f.mean_virtual_score));
    if (f.mean_margin !== null && f.mean_margin !== undefined) {
      add("me.fig.mean_margin", signed(f.mean_margin));
    }
    for (const v of f.virtual || []) {
      add("me.fig.virtual_name", [plural("me.fig.beaten", v.games, { beaten: number(v.beaten) }),
        t("me.fig.margin", { margin: signed(v.mean_margin) })].join(" · "), { name: v.name }, true);
    }
  } else if (game === "envyra") {
    add("me.fig.mean_sets", number(f.mean_sets));
    add("me.fig.mean_stars", number(f.mean_stars));
    add("me.fig.mean_set_points", number(f.mean_set_points));
  } else if (game === "ubongo") {
    for (const s of f.sides || []) {
      const side = t(`choice.ubongo.side.${s.side}`);
      if (s.median_time !== null) {
        add("me.fig.median_time", t("me.fig.seconds", { s: number(s.median_time) }), { side });
      }
      add("me.fig.solved", `${number(s.solved)} / ${number(s.rounds)}`, { side });
      add("me.fig.pieces", s.pieces === null ? null : number(s.pieces), { side });
    }
  }
  return lines;
}

function statCard(s) {
  const figures = [[t("me.mean_score"), number(s.mean_score)], ...figureLines(s.game, s.figures)];
  return el("li", { class: "stat", "data-game": s.game, "data-against": s.against },
    el("h3", {}, gameName(s.game), " ",
      el("span", { class: "badge" }, plural("lobby.n_players", s.players)), " ",
      el("span", { class: "badge" }, t(`me.against.${s.against}`))),
    el("p", { class: "played" }, s.decided // games only scored (solo, nobody to beat) win nothing
      ? `${plural("me.played", s.played)} · ${plural("me.won_n", s.won)}`
      : plural("me.played", s.played)),
    el("dl", { class: "figures" }, figures.flatMap(([k, v, wide]) => [ // a sentence: its own line
      el("dt", wide ? { class: "wide" } : {}, k), el("dd", wide ? { class: "wide" } : {}, v)])));
}

function ratingRow(r) {
  return el("li", { "data-game": r.game, "data-against": r.against },
    el("strong", {}, gameName(r.game)), " ",
    el("span", { class: "badge" }, t(`me.against.${r.against}`)), " ",
    el("span", { class: "mu" }, number(r.mu)), " ",
    el("small", {}, plural("me.rated_games", r.games)));
}

function draw() {
  const root = document.getElementById("me");
  const parts = [el("section", { class: "panel" }, el("h1", {}, t("me.title")),
    el("p", { class: "hint", id: "me-hint" }, data?.account
      ? t("me.hint_account", { name: data.account }) : t("me.hint")),
    el("p", {}, el("a", { class: "button", href: "/", id: "back-lobby" }, t("me.lobby"))))];
  if (failed) parts.push(el("p", { class: "error panel", role: "alert" }, t("lobby.offline")));
  if (data) {
    if (data.ratings.length) {
      parts.push(el("section", { class: "panel", id: "ratings" }, el("h2", {}, t("me.ratings")),
        el("ul", { class: "my-ratings" }, data.ratings.map(ratingRow))));
    }
    parts.push(el("section", { class: "panel", id: "stats" }, el("h2", {}, t("me.stats")),
      data.statistics.length ? el("ul", { class: "stats" }, data.statistics.map(statCard))
        : el("p", { class: "hint" }, t("me.none"))));
    parts.push(el("section", { class: "panel", id: "games" }, el("h2", {}, t("me.games")),
      data.games.length ? el("ul", { class: "my-tables history" }, data.games.map(gameRow))
        : el("p", { class: "hint" }, t("me.none"))));
  }
  root.replaceChildren(...parts);
}

async function main() {
  await loadWords();
  document.title = t("page.me_title");
  document.getElementById("lang-slot").replaceChildren(languagePicker(() => {
    document.title = t("page.me_title");
    load();
  }));
  await load();
}

main();
