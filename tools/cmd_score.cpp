// fgo score: accuracy of the score estimate (engine/territory) on finished game records,
// beside GNU Go's final_score in the same run.
//
// Games. Every *.sgf of the folder (sorted by name) whose RE gives a winner and a margin
// in points ("B+3.5"; not "B+R", "B+T", "B+0.0", draws) and whose komi is known. Komi is
// the record's (engine/sgf applies the Fox x100 rule); KM[0] usually means "not
// recorded" on Fox, so those games are skipped unless --km0-komi gives a komi for them.
// Fox Chinese-rule records that give komi in stones (KM[375]) give RE in stones too:
// their margin is doubled to points.
// Counting. --counting rules (default): area counting for RU[Chinese], territory counting
// (prisoners included) otherwise; area or territory force one for every game.
// Reading. The estimator is engine/territory's evaluate() with 100 light playouts for
// the contested points and, by default, 400 heavy playouts (engine/play/final_status.hpp)
// for the verdict on groups short of two eyes of their own (--heavy-playouts 0: light).
// GNU Go is slow (seconds to a minute a game): --gnugo-cache FILE keeps its answers, one
// line a game "name<TAB>counting<TAB>komi<TAB>margin", reused when name, counting and
// komi match (timeouts and failures are not kept, so a later run asks again).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <regex>
#include <sstream>
#include <thread>

#include "engine/board/errors.hpp"
#include "engine/match/gtp_client.hpp"
#include "engine/play/final_status.hpp"
#include "engine/sgf/record.hpp"
#include "engine/territory/territory.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct ScoreOptions {
  std::string dir, counting = "rules", gnugo = "gnugo --mode gtp", gnugoCache;
  int maxGames = -1, skip = 0, threads = 2;
  double gnugoTimeout = 120, km0Komi = NAN, showOver = NAN;
  bool useGnugo = true, json = false, verbose = false;
  // > 0: the playout check of groups reads this many heavy playouts (final_status.hpp);
  // measured on the first 100 games: 100 and 200 misread one game, 400 and 800 equal.
  int heavyPlayouts = 400;
  bool heavyPoints = false;  // contested points from the heavy playouts too (measured worse)
  engine::TerritoryParams eval = scoreParams();  // the estimator's (--playouts, --verdict)

  // The estimator's defaults here: the library's with 100 checking playouts.
  static engine::TerritoryParams scoreParams() {
    engine::TerritoryParams p;
    p.playouts = 100;
    return p;
  }
};

// One game picked for scoring.
struct Pick {
  std::string path, name;
  engine::LoadedGame game;
  double komi = 0, actual = 0;  // actual: Black's margin in points (komi included)
  bool area = false;
};

// What each estimator said about one game.
struct Outcome {
  bool ok = false;
  double estimate = 0, seconds = 0;
  bool gnugoOk = false;
  double gnugo = 0, gnugoSeconds = 0;
  std::string note, diagram;
};

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw engine::InputError("cannot read " + p.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Black's margin from a result text "B+3.5" / "W+0.5"; nullopt for anything else or a
// zero margin.
std::optional<double> marginOf(const std::string& re) {
  static const std::regex form(R"(^\s*([BbWw])\+([0-9]+(\.[0-9]+)?)\s*$)");
  std::smatch m;
  if (!std::regex_match(re, m, form)) return std::nullopt;
  const double v = std::stod(m[2].str());
  if (v <= 0) return std::nullopt;
  return (m[1].str() == "B" || m[1].str() == "b") ? v : -v;
}

// True when the raw KM of a Fox record is in stones (whole number x100 ending in 25/75).
bool komiInStones(const std::string& text) {
  static const std::regex km(R"(KM\[\s*(-?[0-9]+)\s*\])");
  std::smatch m;
  if (!std::regex_search(text, m, km)) return false;
  const long v = std::labs(std::stol(m[1].str()));
  return v >= 50 && (v % 100 == 25 || v % 100 == 75);
}

bool isChinese(const std::string& rules) {
  std::string r = rules;
  std::transform(r.begin(), r.end(), r.begin(), [](unsigned char c) { return std::tolower(c); });
  return r.find("chinese") != std::string::npos;
}

// The eligible games of the folder, in name order, after --skip and --max-games.
std::vector<Pick> pickGames(const ScoreOptions& o, int& considered, int& refused) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(o.dir)) {
    if (e.is_regular_file() && e.path().extension() == ".sgf") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<Pick> picks;
  int eligible = 0;
  considered = static_cast<int>(files.size());
  refused = 0;
  for (const fs::path& f : files) {
    if (o.maxGames >= 0 && static_cast<int>(picks.size()) >= o.maxGames) break;
    const std::string text = readFile(f);
    Pick p;
    try {
      p.game = engine::loadSgfGame(text);
    } catch (const std::exception&) {
      ++refused;
      continue;
    }
    const engine::GameRecord& rec = p.game.record;
    std::optional<double> margin = marginOf(rec.result);
    if (!margin) continue;
    double komi = rec.komi.value_or(0);
    if (komi == 0) {
      if (std::isnan(o.km0Komi)) continue;
      komi = o.km0Komi;
    }
    p.area = o.counting == "area" || (o.counting == "rules" && isChinese(rec.rules));
    p.actual = *margin * (isChinese(rec.rules) && komiInStones(text) ? 2 : 1);
    p.komi = komi;
    p.path = f.string();
    p.name = f.filename().string();
    if (eligible++ < o.skip) continue;
    picks.push_back(std::move(p));
  }
  return picks;
}

// GNU Go's final_score of the game's final position, Black's margin.
std::optional<double> gnugoScore(std::unique_ptr<engine::GtpClient>& client, const Pick& p,
                                 const ScoreOptions& o, std::string& note) {
  const engine::Game& g = p.game.replay.game;
  const engine::Board& b = g.board();
  const auto deadline = Clock::now() + std::chrono::duration<double>(o.gnugoTimeout);
  auto left = [&] {
    return std::max(1.0, std::chrono::duration<double>(deadline - Clock::now()).count());
  };
  try {
    if (!client) {
      std::string cmd = o.gnugo;
      if (p.area) cmd += " --chinese-rules";
      client = std::make_unique<engine::GtpClient>(cmd);
    }
    auto must = [&](const std::string& c) {
      const engine::GtpResponse r = client->send(c, left());
      if (!r.ok) throw engine::InputError("gnugo refused '" + c + "': " + r.text);
      return r.text;
    };
    must("boardsize " + std::to_string(b.width()));
    must("clear_board");
    std::ostringstream k;
    k << p.komi;
    must("komi " + k.str());
    for (const auto& [xy, c] : p.game.record.setup) {
      if (engine::isStone(c)) {
        must(std::string("play ") + (c == engine::Color::Black ? "b " : "w ") +
             engine::vertexName(xy, b.size()));
      }
    }
    for (const engine::Move& m : g.moves()) {
      const std::string v =
          m.point == engine::PASS ? "pass" : engine::vertexName(b.xy(m.point), b.size());
      must(std::string("play ") + (m.color == engine::Color::Black ? "b " : "w ") + v);
    }
    const std::string s = must("final_score");
    if (s == "0") return 0.0;
    const std::optional<double> m = marginOf(s);
    if (!m) throw engine::InputError("gnugo final_score '" + s + "'");
    return m;
  } catch (const std::exception& e) {
    note = std::string("gnugo: ") + e.what();
    client.reset();  // a broken client is restarted for the next game
    return std::nullopt;
  }
}

// The evaluated final position as text: X/O alive, B/W unsettled, S/s seki (Black/White),
// x/o dead stones; empty points b/w by owner, ','/';' Black's/White's but not territory
// (seki eye, border dame, fill point), '.' nobody's. Rows top to bottom.
std::string evaluationDiagram(const engine::Evaluation& ev) {
  std::string out;
  for (int y = 0; y < ev.height; ++y) {
    for (int x = 0; x < ev.width; ++x) {
      const size_t i = static_cast<size_t>(y) * ev.width + x;
      const engine::Owner o = ev.ownership[i];
      char c = o == engine::Owner::Black ? 'b' : o == engine::Owner::White ? 'w' : '.';
      if (!ev.noTerritory.empty() && ev.noTerritory[i]) c = c == 'b' ? ',' : ';';
      if (ev.groupOf[i] >= 0) {
        const engine::GroupInfo& g = ev.groups[ev.groupOf[i]];
        const bool black = g.color == engine::Color::Black;
        switch (g.status) {
          case engine::GroupStatus::Alive:
            c = black ? 'X' : 'O';
            break;
          case engine::GroupStatus::Unsettled:
            c = black ? 'B' : 'W';
            break;
          case engine::GroupStatus::Seki:
            c = black ? 'S' : 's';
            break;
          case engine::GroupStatus::Dead:
            c = black ? 'x' : 'o';
            break;
        }
      }
      out += c;
      out += ' ';
    }
    out += '\n';
  }
  return out;
}

struct Totals {
  int n = 0, right = 0;
  double absError = 0;
  double seconds = 0;
  double fraction() const { return n ? double(right) / n : 0; }
  double meanError() const { return n ? absError / n : 0; }
  void add(double estimate, double actual, double s) {
    ++n;
    right += (estimate > 0) == (actual > 0) && estimate != 0;
    absError += std::fabs(estimate - actual);
    seconds += s;
  }
};

// GNU Go's answers kept in a file (--gnugo-cache): key "name\tcounting\tkomi".
class GnugoCache {
 public:
  explicit GnugoCache(std::string path) : path_(std::move(path)) {
    if (path_.empty()) return;
    std::ifstream in(path_);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      const size_t tab = line.rfind('\t');
      if (tab == std::string::npos) {
        throw engine::InputError(path_ + ":" + std::to_string(n) + ": no tab");
      }
      try {
        answers_[line.substr(0, tab)] = std::stod(line.substr(tab + 1));
      } catch (const std::exception&) {
        throw engine::InputError(path_ + ":" + std::to_string(n) + ": bad margin");
      }
    }
  }
  static std::string key(const Pick& p) {
    std::ostringstream k;
    k << p.name << '\t' << (p.area ? "area" : "territory") << '\t' << p.komi;
    return k.str();
  }
  // The cached margin of the game, if any.
  std::optional<double> find(const Pick& p) const {
    if (path_.empty()) return std::nullopt;
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = answers_.find(key(p));
    if (it == answers_.end()) return std::nullopt;
    return it->second;
  }
  // Keeps a new answer (appended to the file at once: an interrupted run keeps its work).
  void store(const Pick& p, double margin) {
    if (path_.empty()) return;
    std::lock_guard<std::mutex> lock(mutex_);
    answers_[key(p)] = margin;
    std::ofstream out(path_, std::ios::app);
    out << key(p) << '\t' << margin << '\n';
    if (!out) throw engine::InputError("cannot write " + path_);
  }

 private:
  std::string path_;
  mutable std::mutex mutex_;
  std::map<std::string, double> answers_;
};

}  // namespace

int runScore(const std::vector<std::string>& args) {
  po::options_description desc("fgo score options");
  ScoreOptions o;
  desc.add_options()("games", po::value(&o.dir)->required(), "folder of SGF game records")(
      "max-games", po::value(&o.maxGames), "score at most N eligible games")(
      "skip", po::value(&o.skip)->default_value(0), "skip the first N eligible games")(
      "threads", po::value(&o.threads)->default_value(2), "worker threads (GNU Go processes)")(
      "counting", po::value(&o.counting)->default_value("rules"),
      "rules (area for RU[Chinese], else territory), area or territory")(
      "km0-komi", po::value(&o.km0Komi), "komi for KM[0] records (default: skip them)")(
      "no-gnugo", "do not run GNU Go")("gnugo", po::value(&o.gnugo)->default_value(o.gnugo),
                                       "GNU Go command line (GTP mode)")(
      "gnugo-timeout", po::value(&o.gnugoTimeout)->default_value(120),
      "seconds GNU Go may spend on one game")(
      "gnugo-cache", po::value(&o.gnugoCache),
      "file keeping GNU Go's answers between runs (read, then appended)")(
      "json", "print the summary as JSON")("verbose", "print one line per game")(
      "show-over", po::value(&o.showOver),
      "print the evaluated final position of every game missed by more than P points or "
      "with the wrong winner")(
      "playouts", po::value(&o.eval.playouts)->default_value(o.eval.playouts),
      "light playouts checking the groups short of two eyes (0: static estimate only)")(
      "verdict", po::value(&o.eval.playoutVerdict)->default_value(o.eval.playoutVerdict),
      "mean playout ownership a group's verdict needs (0..1)")(
      "point-verdict",
      po::value(&o.eval.playoutPointVerdict)->default_value(o.eval.playoutPointVerdict),
      "mean playout ownership that gives a contested empty point its owner (0: never)")(
      "uniform-playouts", "uniform random playouts instead of the safe policy")(
      "heavy-playouts", po::value(&o.heavyPlayouts)->default_value(o.heavyPlayouts),
      "> 0: the groups' playout check reads this many heavy playouts of the search's "
      "policy (captures, atari escapes, patterns) instead of --playouts light ones; 0: "
      "light ones only")(
      "heavy-points", po::value(&o.heavyPoints)->default_value(o.heavyPoints),
      "with --heavy-playouts: contested empty points take the heavy playouts' owners too "
      "(0, the default: the light playouts')")(
      "fill-after-dame", po::value(&o.eval.fillAfterDame)->default_value(o.eval.fillAfterDame),
      "territory counting: a point of its own territory a chain must fill once the dame "
      "are filled is not territory (1, the default; 0: counted)")(
      "fill-reads-dame", po::value(&o.eval.fillReadsDame)->default_value(o.eval.fillReadsDame),
      "with --fill-after-dame: no point is charged when the opponent cannot safely fill one of "
      "the chain's dame or its owner can fill one and so connect (1, the default; 0: every "
      "dame counts as filled by the opponent)")(
      "fill-beside-dead", po::value(&o.eval.fillBesideDead)->default_value(o.eval.fillBesideDead),
      "with --fill-after-dame: the rule read again with the dead stones on the board, for "
      "chains next to dead opponent stones (1, the default; 0: off)")(
      "fill-beside-dead-rounds",
      po::value(&o.eval.fillBesideDeadRounds)->default_value(o.eval.fillBesideDeadRounds),
      "with --fill-beside-dead: rounds of the reading, each with the fill stones found so "
      "far played (2, the default; 1: once)")(
      "fill-beside-unsettled",
      po::value(&o.eval.fillBesideUnsettled)->default_value(o.eval.fillBesideUnsettled),
      "with --fill-beside-dead: the chains of unsettled groups read too (1, the default; 0: "
      "alive groups only)")(
      "semeai-eyes", po::value(&o.eval.semeaiEyes)->default_value(o.eval.semeaiEyes),
      "seki reading: two weak groups sharing liberties are no seki when one has an eye and "
      "the other none and the eye wins the race (1, the default; 0: the static rule)")(
      "behind-dame",
      po::value(&o.eval.behindDameNoTerritory)->default_value(o.eval.behindDameNoTerritory),
      "territory counting: an owned empty point whose every empty neighbour is a dame is "
      "dame (1, the default; 0: counted)")(
      "border-dame",
      po::value(&o.eval.borderDameNoTerritory)->default_value(o.eval.borderDameNoTerritory),
      "territory counting: an empty point next to stones of both colours (dead ones off) is "
      "dame (1, the default; 0: the playouts' owner)");
  po::variables_map vm;
  if (!parseOptions(args, "fgo score --games DIR [--max-games N] [--json] [--threads T]", desc,
                    vm)) {
    return 0;
  }
  o.useGnugo = !vm.count("no-gnugo");
  o.json = vm.count("json") != 0;
  if (vm.count("uniform-playouts")) o.eval.safePlayouts = false;
  o.verbose = vm.count("verbose") != 0 || vm.count("show-over") != 0;
  if (o.counting != "rules" && o.counting != "area" && o.counting != "territory") {
    throw UsageError("--counting must be rules, area or territory");
  }
  if (o.threads < 1 || o.threads > 64) throw UsageError("--threads must be 1..64");
  if (o.skip < 0) throw UsageError("--skip must be >= 0");
  if (o.eval.playouts < 0 || o.eval.playouts > 100000) {
    throw UsageError("--playouts must be 0..100000");
  }
  if (o.heavyPlayouts < 0 || o.heavyPlayouts > 100000) {
    throw UsageError("--heavy-playouts must be 0..100000");
  }
  if (o.heavyPlayouts > 0 && o.eval.playouts > 0) {  // --playouts 0: static only
    engine::FinalStatusParams fs;
    fs.playouts = o.heavyPlayouts;
    o.eval = engine::finalStatusParams(o.eval, fs);
    o.eval.readerForPoints = o.heavyPoints;
  }
  if (!(o.eval.playoutVerdict >= 0 && o.eval.playoutVerdict <= 1)) {
    throw UsageError("--verdict must be 0..1");
  }
  if (!fs::is_directory(o.dir)) throw engine::InputError("not a folder: " + o.dir);
  if (o.useGnugo && engine::findExecutable("gnugo").empty() && o.gnugo.rfind("gnugo", 0) == 0) {
    throw engine::InputError("gnugo not found (install it or pass --no-gnugo)");
  }

  int considered = 0, refused = 0;
  const std::vector<Pick> picks = pickGames(o, considered, refused);
  std::vector<Outcome> out(picks.size());
  GnugoCache cache(o.useGnugo ? o.gnugoCache : std::string());
  std::atomic<size_t> next{0}, cached{0};
  std::mutex printMutex;
  auto worker = [&] {
    std::unique_ptr<engine::GtpClient> gnugo[2];  // territory, area rules
    for (size_t i; (i = next++) < picks.size();) {
      const Pick& p = picks[i];
      Outcome& r = out[i];
      auto t0 = Clock::now();
      try {
        const engine::Evaluation ev = engine::evaluate(p.game.replay.game.board(), p.komi, o.eval);
        r.estimate = ev.margin(p.area);
        r.ok = true;
        if (!std::isnan(o.showOver) &&
            (std::fabs(r.estimate - p.actual) > o.showOver || (r.estimate > 0) != (p.actual > 0))) {
          const engine::Board& b = p.game.replay.game.board();
          std::ostringstream d;
          d << "captures: black stones " << b.captures(engine::Color::Black) << ", white stones "
            << b.captures(engine::Color::White) << "; area B " << ev.blackArea << " W "
            << ev.whiteArea << ", territory B " << ev.blackTerritory << " W " << ev.whiteTerritory
            << "\n"
            << evaluationDiagram(ev);
          r.diagram = d.str();
        }
      } catch (const std::exception& e) {
        r.note = e.what();
      }
      r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
      if (o.useGnugo) {
        t0 = Clock::now();
        std::optional<double> g = cache.find(p);
        if (g) {
          ++cached;
        } else {
          g = gnugoScore(gnugo[p.area], p, o, r.note);
          if (g) cache.store(p, *g);
        }
        r.gnugoSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
        r.gnugoOk = g.has_value();
        r.gnugo = g.value_or(0);
      }
      if (o.verbose) {
        std::lock_guard<std::mutex> lock(printMutex);
        std::cout << p.name << " " << (p.area ? "area" : "territory") << " komi " << p.komi
                  << " actual " << p.actual << " estimate " << r.estimate;
        if (o.useGnugo) std::cout << " gnugo " << (r.gnugoOk ? std::to_string(r.gnugo) : "-");
        if (!r.note.empty()) std::cout << " (" << r.note << ")";
        std::cout << "\n" << r.diagram << std::flush;
      }
    }
  };
  const auto start = Clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < o.threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  const double wall = std::chrono::duration<double>(Clock::now() - start).count();

  Totals ours, gnu, oursOnGnu;
  int failed = 0;
  for (size_t i = 0; i < picks.size(); ++i) {
    if (!out[i].ok) {
      ++failed;
      continue;
    }
    ours.add(out[i].estimate, picks[i].actual, out[i].seconds);
    if (out[i].gnugoOk) {
      gnu.add(out[i].gnugo, picks[i].actual, out[i].gnugoSeconds);
      oursOnGnu.add(out[i].estimate, picks[i].actual, 0);
    }
  }
  if (o.json) {
    std::cout << std::setprecision(6) << "{\"games\": " << ours.n
              << ", \"right_winner\": " << ours.fraction()
              << ", \"mean_abs_margin_error\": " << ours.meanError() << ", \"gnugo\": {";
    if (o.useGnugo) {
      std::cout << "\"right_winner\": " << gnu.fraction()
                << ", \"mean_abs_margin_error\": " << gnu.meanError();
    }
    std::cout << "}}\n";
  } else {
    std::cout << std::setprecision(4) << o.dir << ": " << considered << " files, " << picks.size()
              << " games picked (RE by points, komi "
              << (std::isnan(o.km0Komi)
                      ? std::string("known")
                      : "known or KM[0] taken as " + (std::ostringstream() << o.km0Komi).str())
              << "; counting " << o.counting << ")";
    if (refused) std::cout << ", " << refused << " unreadable";
    std::cout << "\nfgo estimate: " << ours.n << " games, right winner " << ours.fraction()
              << ", mean |margin error| " << ours.meanError() << " points, "
              << (ours.n ? 1000 * ours.seconds / ours.n : 0) << " ms a game\n";
    if (failed) std::cout << "fgo estimate failed on " << failed << " games\n";
    if (o.useGnugo) {
      std::cout << "GNU Go final_score: " << gnu.n << " games answered (" << cached
                << " from the cache), right winner " << gnu.fraction() << ", mean |margin error| "
                << gnu.meanError() << " points, " << (gnu.n ? gnu.seconds / gnu.n : 0)
                << " s a game (wall clock, " << o.threads << " threads)\n"
                << "fgo on the same " << oursOnGnu.n << " games: right winner "
                << oursOnGnu.fraction() << ", mean |margin error| " << oursOnGnu.meanError()
                << "\n";
    }
    std::cout << "wall time " << wall << " s\n";
  }
  return 0;
}

}  // namespace fgo
