// The scoring and analysis commands of the GTP engine: final_score, final_status_list,
// gogui-analyze_commands and the analysis commands it lists (GoGui "gfx" answers:
// INFLUENCE, BLACK/WHITE, MARK, CIRCLE, LABEL, COLOR, TEXT). Registered by
// GoEngine::registerEvalCommands().
//
// Dead stones (final_score, final_status_list) come from the evaluation of
// engine/territory combined with playouts: a group the evaluation calls dead is dead, an
// alive or seki group lives, and an unsettled group is dead when the light playouts give
// most of its stones to the opponent (docs/VIEW.md has the comparison with GNU Go that
// chose this). fgo-dead_stones shows each method's answer.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/board/score.hpp"
#include "engine/gtp/go_engine.hpp"
#include "engine/play/final_status.hpp"
#include "engine/play/mcts.hpp"
#include "engine/shapes/library.hpp"
#include "engine/view/analysis.hpp"
#include "engine/view/position.hpp"
#include "engine/view/territory_bridge.hpp"

#ifdef FGO_HAVE_TERRITORY
#include "engine/territory/territory.hpp"
#endif

namespace engine {

namespace {

// Light playouts behind the playout estimate, and their fixed seed (answers repeat).
// Big boards get fewer (about 150,000 points played in all); below 16 none are run and
// the playout estimate is empty (nothing dead).
constexpr int OWNERSHIP_PLAYOUTS = 400;
constexpr int64_t OWNERSHIP_POINT_BUDGET = 150'000;
constexpr uint64_t OWNERSHIP_SEED = 20261122;

int ownershipPlayouts(const Board& b) {
  const int64_t n =
      std::min<int64_t>(OWNERSHIP_PLAYOUTS, OWNERSHIP_POINT_BUDGET / b.size().points());
  return n < 16 ? 0 : static_cast<int>(n);
}

enum class DeadMethod { Eval, Playouts, Combined };

DeadMethod deadMethodArg(const std::string& name) {
  if (name == "eval") return DeadMethod::Eval;
  if (name == "playouts") return DeadMethod::Playouts;
  if (name == "combined") return DeadMethod::Combined;
  throw GtpError("unknown method (eval, playouts, combined)");
}

std::vector<Point> playoutDead(const Game& game) {
  const int playouts = ownershipPlayouts(game.board());
  if (playouts == 0) return {};
  return deadStones(game, playoutOwnership(game, playouts, OWNERSHIP_SEED));
}

#ifdef FGO_HAVE_TERRITORY
// The evaluation behind final_score and final_status_list: static during the game (cheap:
// a controller may ask at any time); once both sides have passed the engine is idle,
// so the playout check runs (docs/EVALUATION.md), with the board's playout budget.
TerritoryParams finalParams(const Game& game) {
  TerritoryParams params;
  // The GTP game never ends by itself (gtpRules): two passes in a row mean the end.
  if (game.consecutivePasses() < 2) return params;
  params.playouts = ownershipPlayouts(game.board());
  if (params.playouts == 0) return params;
  // Groups short of two eyes are read with the search's heavy playouts (they play
  // capturing races out; docs/EVALUATION.md, session 6), within the same point budget.
  FinalStatusParams heavy;
  heavy.playouts = params.playouts;
  return finalStatusParams(params, heavy);
}
#endif

// Dead and seki stones by a method, sorted.
struct StatusLists {
  std::vector<Point> dead, seki;
};

StatusLists statusLists(const Game& game, DeadMethod method) {
  StatusLists out;
#ifdef FGO_HAVE_TERRITORY
  if (method != DeadMethod::Playouts) {
    const Evaluation ev = evaluate(game.board(), game.rules().komi, finalParams(game));
    out.seki = stonesWithStatus(ev, GroupStatus::Seki);
    out.dead = ev.deadStones;
    const bool unsettled = std::any_of(ev.groups.begin(), ev.groups.end(), [](const GroupInfo& g) {
      return g.status == GroupStatus::Unsettled;
    });
    if (method == DeadMethod::Combined && unsettled) {
      std::vector<Point> byPlayouts = playoutDead(game);
      std::sort(byPlayouts.begin(), byPlayouts.end());
      for (const GroupInfo& g : ev.groups) {
        if (g.status != GroupStatus::Unsettled) continue;
        const auto n = std::count_if(g.stones.begin(), g.stones.end(), [&](Point p) {
          return std::binary_search(byPlayouts.begin(), byPlayouts.end(), p);
        });
        if (2 * n > static_cast<long>(g.stones.size())) {
          out.dead.insert(out.dead.end(), g.stones.begin(), g.stones.end());
        }
      }
    }
    std::sort(out.dead.begin(), out.dead.end());
    out.dead.erase(std::unique(out.dead.begin(), out.dead.end()), out.dead.end());
    return out;
  }
#endif
  (void)method;
  out.dead = playoutDead(game);
  std::sort(out.dead.begin(), out.dead.end());
  return out;
}

// estimate_score: the evaluation's margin for any position (unfinished ones too: open
// regions count only where proto-territory gives them, TerritoryParams::maxOutrightRegion),
// counted as the game's rules count, with the playout check on boards where playouts
// are cheap enough (ownershipPlayouts, at most 100).
std::string estimateScore(const Game& game) {
#ifdef FGO_HAVE_TERRITORY
  TerritoryParams params;
  params.playouts = std::min(100, ownershipPlayouts(game.board()));
  const Evaluation ev = evaluate(game.board(), game.rules().komi, params);
  return Evaluation::resultText(ev.margin(game.rules().scoring == ScoringRule::Area));
#else
  (void)game;
  throw GtpError("engine/territory is not built into this engine");
#endif
}

// The method final_score and final_status_list use.
DeadMethod defaultMethod() {
  return territoryAvailable() ? DeadMethod::Combined : DeadMethod::Playouts;
}

std::string vertex(const Board& b, Point p) {
  return vertexName(b.xy(p), b.size());
}

std::string vertexList(const Board& b, const std::vector<Point>& points) {
  std::string out;
  for (Point p : points) out += (out.empty() ? "" : " ") + vertex(b, p);
  return out;
}

// Stones grouped one chain per line (chains in board order, stones by point index).
std::string chainLines(const Board& b, const std::vector<Point>& stones) {
  std::map<Point, std::vector<Point>> byChain;
  for (Point p : stones) byChain[b.chainHead(p)].push_back(p);
  std::vector<std::vector<Point>> chains;
  for (auto& [head, list] : byChain) {
    std::sort(list.begin(), list.end());
    chains.push_back(std::move(list));
  }
  std::sort(chains.begin(), chains.end(),
            [](const auto& x, const auto& y) { return x.front() < y.front(); });
  std::string out;
  for (const auto& c : chains) out += (out.empty() ? "" : "\n") + vertexList(b, c);
  return out;
}

std::string fixed2(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// gfx INFLUENCE of a model, scaled to -1..1 (analysis.hpp normalizedInfluence).
std::string influenceGfx(const Board& b, const std::string& model) {
  const std::vector<float> v = normalizedInfluence(computeInfluence(model, b), b.colorsRowMajor());
  std::string out = "INFLUENCE";
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const float f = v[static_cast<size_t>(y) * b.width() + x];
      if (std::abs(f) < 0.005f) continue;
      out += " " + vertexName({x, y}, b.size()) + " " + fixed2(f);
    }
  }
  return out + "\nTEXT influence: " + model + " (dark Black, light White)";
}

// gfx of shape matches: connection points COLOR blue, eye points CIRCLE, keypoints MARK,
// scored shapes LABEL their value on the first stone.
std::string shapesGfx(const Board& b, const ShapeLibrary& lib) {
  AnalysisParams params;
  params.shapes = &lib;
  params.influence = false;
  params.territory = false;
  const PositionAnalysis a = analyzePosition(b, params);
  std::vector<XY> via, eyes, keys;
  std::string labels;
  std::map<std::string, int> counts;
  for (const ShapeHit& h : a.shapes) {
    const Shape& s = a.shape(h);
    ++counts[categoryName(s.category)];
    for (size_t i = 0; i < h.namedPoints.size(); ++i) {
      if (h.roles[i] == "via") via.push_back(h.namedPoints[i]);
      if (h.roles[i] == "eye") eyes.push_back(h.namedPoints[i]);
      if (h.roles[i] == "move") keys.push_back(h.namedPoints[i]);
    }
    if (s.category == ShapeCategory::Scored) {
      const Pattern& p = a.pattern(h);
      for (XY q : h.points) {
        if (a.at(q.x, q.y) != p.owner) continue;
        labels += "LABEL " + vertexName(q, b.size()) + " " + (s.value > 0 ? "+" : "") +
                  std::to_string(s.value) + "\n";
        break;
      }
    }
  }
  auto list = [&](const char* cmd, std::vector<XY> pts) {
    std::sort(pts.begin(), pts.end(),
              [](XY p, XY q) { return p.y != q.y ? p.y < q.y : p.x < q.x; });
    pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
    if (pts.empty()) return std::string();
    std::string out = cmd;
    for (XY p : pts) out += " " + vertexName(p, b.size());
    return out + "\n";
  };
  std::string text = "TEXT shapes: " + std::to_string(a.shapes.size());
  for (const auto& [name, n] : counts) text += ", " + std::to_string(n) + " " + name;
  return list("CIRCLE", eyes) + list("MARK", keys) + labels + list("COLOR #1f6fd1", via) + text;
}

std::string territoryGfx(const Game& game) {
  const Board& b = game.board();
  const bool area = game.rules().scoring == ScoringRule::Area;
  const TerritoryLayer t = territoryLayer(b, game.rules().komi, area);
  if (!t.available) throw GtpError("engine/territory is not built into this engine");
  std::string black = "BLACK", white = "WHITE", dead = "MARK";
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Color o = t.owner[static_cast<size_t>(y) * b.width() + x];
      if (!isStone(o) || b.at(x, y) == o) continue;
      (o == Color::Black ? black : white) += " " + vertexName({x, y}, b.size());
    }
  }
  for (XY p : t.dead) dead += " " + vertexName(p, b.size());
  return black + "\n" + white + "\n" + (t.dead.empty() ? "" : dead + "\n") + "TEXT estimate (" +
         t.scoring + "): " + t.result;
}

const char* statusColour(const std::string& status) {
  if (status == "alive") return "#1a9e3a";
  if (status == "dead") return "#e01010";
  if (status == "seki") return "#1f6fd1";
  return "#f0a000";
}

// gfx of groups: stones COLOR by status, a LABEL on each group's first stone (status
// letter and eye potential).
std::string groupsGfx(const Game& game) {
  const Board& b = game.board();
  const TerritoryLayer t = territoryLayer(b, game.rules().komi, true);
  if (!t.available) throw GtpError("engine/territory is not built into this engine");
  std::map<std::string, std::string> byStatus;
  std::string labels;
  int counts[4] = {0, 0, 0, 0};
  for (const ViewGroup& g : t.groups) {
    std::string& pts = byStatus[g.status];
    for (XY p : g.stones) pts += " " + vertexName(p, b.size());
    if (g.stones.empty()) continue;
    char eyes[16];
    std::snprintf(eyes, sizeof eyes, "%.1f", g.eyes);
    labels += "LABEL " + vertexName(g.stones.front(), b.size()) + " " +
              static_cast<char>(std::toupper(static_cast<unsigned char>(g.status[0]))) + eyes +
              "\n";
    ++counts[g.status == "alive" ? 0 : g.status == "dead" ? 1 : g.status == "seki" ? 2 : 3];
  }
  std::string out;
  for (const auto& [status, pts] : byStatus) {
    out += std::string("COLOR ") + statusColour(status) + pts + "\n";
  }
  return out + labels + "TEXT groups: " + std::to_string(counts[0]) + " alive, " +
         std::to_string(counts[1]) + " dead, " + std::to_string(counts[2]) + " seki, " +
         std::to_string(counts[3]) + " unsettled (label: status, eyes)";
}

// The shape library of the analysis commands, read on first use.
struct ShapeSource {
  std::optional<ShapeLibrary> lib;
  const ShapeLibrary& get() {
    if (!lib) lib = ShapeLibrary::load(defaultShapeLibraryPath());
    return *lib;
  }
};

}  // namespace

void GoEngine::registerEvalCommands() {
  server_.add("final_score", [this](const GtpArgs& a) { return cmdFinalScore(a); });
  server_.add("final_status_list", [this](const GtpArgs& a) { return cmdFinalStatusList(a); });
  server_.add("estimate_score", [this](const GtpArgs& a) {
    a.expectCount(0);
    return estimateScore(game_);
  });
  server_.add("gogui-analyze_commands", [this](const GtpArgs& a) { return cmdAnalyzeCommands(a); });
  server_.add("fgo-area_owner", [this](const GtpArgs& a) { return cmdAreaOwner(a); });
  server_.add("fgo-influence", [this](const GtpArgs& a) {
    a.expectBetween(0, 1);
    const std::string model = a.size() ? a.at(0) : "spight";
    try {
      return influenceGfx(game_.board(), model);
    } catch (const InputError&) {
      throw GtpError("unknown model (radiation, zobrist, bouzy, bouzy-moyo, spight, path)");
    }
  });
  server_.add("fgo-territory", [this](const GtpArgs& a) {
    a.expectCount(0);
    return territoryGfx(game_);
  });
  server_.add("fgo-groups", [this](const GtpArgs& a) {
    a.expectCount(0);
    return groupsGfx(game_);
  });
  auto shapes = std::make_shared<ShapeSource>();
  server_.add("fgo-shapes", [this, shapes](const GtpArgs& a) {
    a.expectCount(0);
    return shapesGfx(game_.board(), shapes->get());
  });
  server_.add("fgo-dead_stones", [this](const GtpArgs& a) {
    a.expectBetween(0, 1);
    const DeadMethod m = a.size() ? deadMethodArg(a.at(0)) : defaultMethod();
    if (m != DeadMethod::Playouts && !territoryAvailable()) {
      throw GtpError("engine/territory is not built into this engine");
    }
    return vertexList(game_.board(), statusLists(game_, m).dead);
  });
}

std::string GoEngine::cmdFinalScore(const GtpArgs& a) {
  a.expectCount(0);
  const std::vector<Point> dead = statusLists(game_, defaultMethod()).dead;
  return scoreGame(game_, dead).result();
}

std::string GoEngine::cmdFinalStatusList(const GtpArgs& a) {
  a.expectCount(1);
  const std::string status = a.at(0);
  if (status != "alive" && status != "dead" && status != "seki") throw GtpError("syntax error");
  const Board& b = game_.board();
  const StatusLists lists = statusLists(game_, defaultMethod());
  if (status == "dead") return chainLines(b, lists.dead);
  if (status == "seki") return chainLines(b, lists.seki);
  std::vector<Point> alive;
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Point p = b.point(x, y);
      if (isStone(b.at(p)) && !std::binary_search(lists.dead.begin(), lists.dead.end(), p) &&
          std::find(lists.seki.begin(), lists.seki.end(), p) == lists.seki.end()) {
        alive.push_back(p);
      }
    }
  }
  return chainLines(b, alive);
}

std::string GoEngine::cmdAnalyzeCommands(const GtpArgs& a) {
  a.expectCount(0);
  // GoGui's "type/label/command" lines; only commands that exist here.
  std::string out =
      "gfx/Influence (Spight)/fgo-influence spight\n"
      "gfx/Influence (line-of-sight paths)/fgo-influence path\n"
      "gfx/Influence (Zobrist)/fgo-influence zobrist\n"
      "gfx/Influence (Bouzy 5-21)/fgo-influence bouzy\n"
      "gfx/Influence (radiation)/fgo-influence radiation\n"
      "gfx/Shapes/fgo-shapes\n";
  if (territoryAvailable()) {
    out += "gfx/Territory and dead stones/fgo-territory\ngfx/Groups/fgo-groups\n";
  }
  return out +
         "plist/Dead stones/final_status_list dead\n"
         "gfx/Area owner (Tromp-Taylor, board as it stands)/fgo-area_owner\n"
         "string/Final score (dead stones removed)/final_score\n"
         "string/Score estimate (any position)/estimate_score\n"
         "string/Show board/showboard\n";
}

std::string GoEngine::cmdAreaOwner(const GtpArgs& a) {
  a.expectCount(0);
  const Board& b = game_.board();
  const Score s = areaScore(b, game_.rules().komi);
  std::string black = "BLACK", white = "WHITE";
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Color owner = s.owner[static_cast<size_t>(y) * b.width() + x];
      if (b.at(x, y) != Color::Empty || !isStone(owner)) continue;
      std::string& list = owner == Color::Black ? black : white;
      list += ' ';
      list += vertexName({x, y}, b.size());
    }
  }
  return black + "\n" + white;
}

}  // namespace engine
