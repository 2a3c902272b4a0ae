// this code uses the idea of fractal go by Serge Boisse
#include "engine/play/predict.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>

#include "engine/board/errors.hpp"
#include "engine/play/mcts.hpp"
#include "engine/sgf/record.hpp"
#include "upload/upload.hpp"

namespace engine {

namespace {

struct Tally {
  long games = 0, positions = 0;
  double cascade[4] = {0, 0, 0, 0}, random[4] = {0, 0, 0, 0}, proximity[4] = {0, 0, 0, 0};
  double candidates = 0, seconds = 0;
  // Per level of the cascade's first chain: positions whose real move's image is among
  // the level's chosen points, and whose image holds a stone on the reduced board.
  std::vector<double> levelHit, levelStone;
  std::vector<std::string> levelNames;
  std::vector<std::string> problems;
  long adviceRequests = 0, adviceCacheHits = 0;

  void add(const Tally& o) {
    games += o.games;
    adviceRequests += o.adviceRequests;
    adviceCacheHits += o.adviceCacheHits;
    positions += o.positions;
    for (int k = 0; k < 4; ++k) {
      cascade[k] += o.cascade[k];
      random[k] += o.random[k];
      proximity[k] += o.proximity[k];
    }
    candidates += o.candidates;
    seconds += o.seconds;
    if (levelHit.size() < o.levelHit.size()) {
      levelHit.resize(o.levelHit.size(), 0);
      levelStone.resize(o.levelStone.size(), 0);
      levelNames = o.levelNames;
    }
    for (size_t i = 0; i < o.levelHit.size(); ++i) {
      levelHit[i] += o.levelHit[i];
      levelStone[i] += o.levelStone[i];
    }
    problems.insert(problems.end(), o.problems.begin(), o.problems.end());
  }
};

// Rank of `move` in `list` (SIZE_MAX when absent).
size_t rankOf(const std::vector<Point>& list, Point move) {
  const auto it = std::find(list.begin(), list.end(), move);
  return it == list.end() ? SIZE_MAX : static_cast<size_t>(it - list.begin());
}

// One game's source of ranked candidates for the chosen ranker.
class Proposer {
 public:
  Proposer(const PredictParams& params, uint64_t seed, double komi)
      : params_(params), seed_(seed), memory_(2) {
    CascadeParams cp = params.cascade;
    cp.seed = seed;
    cp.komi = komi;
    if (params.ranker == "model-hybrid") {
      if (!cp.scorer) throw InputError("the model-hybrid ranker needs a move model");
      scorer_ = cp.scorer();
    }
    if (params.ranker == "cascade" || params.ranker == "hybrid" ||
        params.ranker == "model-hybrid") {
      cascade_ = std::make_unique<Cascade>(cp);
    } else if (params.ranker == "model") {
      if (!cp.scorer) throw InputError("the model ranker needs a move model");
      scorer_ = cp.scorer();
    } else if (params.ranker != "eval" && params.ranker != "engine") {
      throw InputError("unknown ranker '" + params.ranker +
                       "': expected cascade, hybrid, eval, model, model-hybrid or engine");
    }
    if (params.ranker == "eval" || params.ranker == "hybrid") {
      RankParams rp = rankParamsByName("eval");
      if (params.ranker == "hybrid") rp.locality = 1;
      ranker_ = std::make_unique<MoveRanker>(rp, params.cascade.shapes);
    }
  }

  // Ranked candidates for toMove in the game's position; game.toMove() is set to toMove.
  std::vector<Point> propose(Game& game, Color toMove, Point last, Point before,
                             std::string& advisor) {
    const Board& b = game.board();
    if (params_.ranker == "cascade") {
      last_ = cascade_->run(b, toMove, {last, before});
      advisor = last_.advisor;
      return last_.candidates;
    }
    if (params_.ranker == "engine") return engineRanking(game, toMove, advisor);
    if (params_.ranker == "model") return modelRanking(b, toMove, last, before, advisor);
    if (params_.ranker == "model-hybrid") {
      last_ = cascade_->run(b, toMove, {last, before});
      std::vector<Point> out = modelRanking(b, toMove, last, before, advisor);
      advisor = last_.advisor + "; the move model over every legal point, cascade areas boosted";
      for (Point p : last_.candidates) scores_[p] *= static_cast<float>(1 + params_.areaBoost);
      std::stable_sort(out.begin(), out.end(),
                       [this](Point x, Point y) { return scores_[x] > scores_[y]; });
      return out;
    }
    std::vector<Point> cand;
    std::vector<double> prior;
    if (params_.ranker == "eval") {
      advisor = "none (evaluation ranking of every empty point)";
      cand.assign(b.emptyPoints().begin(), b.emptyPoints().end());
      std::sort(cand.begin(), cand.end());
    } else {
      hybridCandidates(b, toMove, last, before, cand, prior, advisor);
    }
    std::vector<Point> out;
    for (const RankedMove& m : ranker_->rank(b, toMove, cand, {last, before}, prior))
      out.push_back(m.point);
    return out;
  }

 private:
  void addCandidate(std::vector<Point>& cand, std::vector<double>& prior, Point p, double w) {
    if (std::find(cand.begin(), cand.end(), p) != cand.end()) return;
    cand.push_back(p);
    prior.push_back(w);
  }

  void hybridCandidates(const Board& b, Color toMove, Point last, Point before,
                        std::vector<Point>& cand, std::vector<double>& prior,
                        std::string& advisor) {
    last_ = cascade_->run(b, toMove, {last, before});
    const CascadeResult& r = last_;
    advisor = r.advisor;
    const double n = static_cast<double>(r.candidates.size());
    for (size_t k = 0; k < r.candidates.size(); ++k)
      addCandidate(cand, prior, r.candidates[k], params_.cascade.priorWeight * (1.0 - k / n));
    for (XY q : memory_.candidates()) addCandidate(cand, prior, b.point(q), 0.5);
    std::vector<XY> newest;
    for (size_t k = 0; k < r.candidates.size() && k < 4; ++k)
      newest.push_back(b.xy(r.candidates[k]));
    memory_.push(std::move(newest));
    const XY l = b.xy(last);
    for (int dy = -3; dy <= 3; ++dy) {
      for (int dx = -3; dx <= 3; ++dx) {
        if (b.onBoard(l.x + dx, l.y + dy))
          addCandidate(cand, prior, b.point(l.x + dx, l.y + dy), 0);
      }
    }
  }

 public:
  // The cascade run of the last propose() (cascade and hybrid rankers), else null.
  const CascadeResult* lastCascade() const { return cascade_ ? &last_ : nullptr; }
  // The cascade's advice requests and cache hits so far (0 without a cascade).
  size_t adviceRequests() const { return cascade_ ? cascade_->adviceRequests() : 0; }
  size_t adviceCacheHits() const { return cascade_ ? cascade_->adviceCacheHits() : 0; }

 private:
  // Every legal point (not the pass) by the model's score, best first; ties by index.
  std::vector<Point> modelRanking(const Board& b, Color toMove, Point last, Point before,
                                  std::string& advisor) {
    advisor = "none (the move model over every legal point)";
    scorer_->scores(b, toMove, last, before, scores_);
    std::vector<Point> out;
    for (Point p : b.emptyPoints()) {
      if (scores_[p] > 0) out.push_back(p);
    }
    std::sort(out.begin(), out.end(), [this](Point x, Point y) {
      return scores_[x] != scores_[y] ? scores_[x] > scores_[y] : x < y;
    });
    return out;
  }

  std::vector<Point> engineRanking(Game& game, Color toMove, std::string& advisor) {
    game.setToMove(toMove);
    MctsParams mp = params_.engineSearch;
    mp.playouts = params_.enginePlayouts;
    mp.threads = 1;  // games already run in parallel
    mp.seed = ++seed_;
    // r.moves is in genmove's order (rootMoveBefore: visits, ties by the model's
    // probability, then the prior's mean, then RAVE), so this is the engine's own ranking.
    const MctsResult r = mctsSearch(game, mp);
    advisor = "mcts-" + std::to_string(params_.enginePlayouts) +
              " on the real board (visits, ties by the model, then the prior)";
    std::vector<Point> out;
    for (const MoveStat& m : r.moves) {
      if (m.move != PASS) out.push_back(m.move);
    }
    return out;
  }

  const PredictParams& params_;
  uint64_t seed_;
  CascadeResult last_;
  std::unique_ptr<Cascade> cascade_;
  std::unique_ptr<MoveRanker> ranker_;
  upload::AreaMemory memory_;
  std::unique_ptr<PointScorer> scorer_;
  std::vector<float> scores_;
};

// Follows the real move down the cascade's first chain (its image under toSmall, step by
// step) and counts, per level, whether the image is among the chosen points and whether
// the reduced board holds a stone there.
void tallyLevels(const CascadeResult& r, XY move, Tally& t) {
  if (r.chains.empty()) return;
  const auto& levels = r.chains.front();
  if (t.levelHit.size() < levels.size()) {
    t.levelHit.resize(levels.size(), 0);
    t.levelStone.resize(levels.size(), 0);
    t.levelNames.clear();
    for (const CascadeLevel& l : levels) t.levelNames.push_back(l.board.size().str());
  }
  XY img = move;
  for (size_t i = 0; i < levels.size(); ++i) {
    const Board& b = levels[i].board;
    if (i > 0) img = upload::toSmall(img, levels[i - 1].board.size(), b.size());
    const auto& ch = levels[i].chosen;
    if (std::find(ch.begin(), ch.end(), img) != ch.end()) t.levelHit[i] += 1;
    if (isStone(b.at(img.x, img.y))) t.levelStone[i] += 1;
  }
}

void predictGame(const std::string& file, const PredictParams& params, uint64_t seed, Tally& t,
                 std::string& advisorName) {
  const LoadedGame loaded = loadSgfGame(readFileBytes(file));
  const GameRecord& rec = loaded.record;
  Rules rules = rulesForRecord(rec);
  rules.ko = KoRule::Simple;  // records are followed as played
  rules.passesToEnd = 1 << 30;
  Game game(rec.size, rules);
  if (!rec.setup.empty()) {
    std::vector<std::pair<Point, Color>> stones;
    for (const auto& [xy, c] : rec.setup) stones.emplace_back(game.board().point(xy), c);
    game.setup(stones);
  }
  Proposer proposer(params, seed, rec.komi && *rec.komi != 0 ? *rec.komi : params.cascade.komi);
  Point last = NO_POINT, before = NO_POINT;
  ++t.games;
  const int stride = std::max(1, params.positionEvery);
  int moveNumber = 0;
  for (const RecordMove& m : rec.moves) {
    if (!m.isMove()) continue;
    const Point next = m.at ? game.board().point(*m.at) : PASS;
    if (last != NO_POINT && last != PASS && ++moveNumber % stride == 0) {
      const auto start = std::chrono::steady_clock::now();
      std::vector<Point> cands = proposer.propose(game, m.color, last, before, advisorName);
      if (static_cast<int>(cands.size()) > params.top)
        cands.resize(static_cast<size_t>(params.top));
      t.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const Board& b = game.board();
      const auto prox = proximityOrder(b, last, before);
      const size_t rc = next == PASS ? SIZE_MAX : rankOf(cands, next);
      const size_t rp = next == PASS ? SIZE_MAX : rankOf(prox, next);
      const double empties = static_cast<double>(b.emptyPoints().size());
      for (int k = 0; k < 4; ++k) {
        const size_t K = static_cast<size_t>(PREDICT_KS[k]);
        if (rc < K) t.cascade[k] += 1;
        if (rp < K) t.proximity[k] += 1;
        if (next != PASS && empties > 0) t.random[k] += std::min<double>(K, empties) / empties;
      }
      t.candidates += static_cast<double>(cands.size());
      if (const CascadeResult* cr = proposer.lastCascade(); cr && next != PASS)
        tallyLevels(*cr, b.xy(next), t);
      ++t.positions;
    }
    if (game.play(next, m.color) != MoveError::None) {
      t.problems.push_back(file + ": illegal move " + std::to_string(game.moves().size() + 1) +
                           ", rest of the game skipped");
      break;
    }
    before = last;
    last = next;
  }
  t.adviceRequests += static_cast<long>(proposer.adviceRequests());
  t.adviceCacheHits += static_cast<long>(proposer.adviceCacheHits());
}

void appendRates(std::string& out, const char* name, const HitRates& h) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "\"%s\": {\"1\": %.4f, \"4\": %.4f, \"16\": %.4f, \"64\": %.4f}",
                name, h.at[0], h.at[1], h.at[2], h.at[3]);
  out += buf;
}

}  // namespace

std::vector<Point> proximityOrder(const Board& board, Point last, Point before) {
  struct Key {
    int cheb;
    int eLast, eBefore;
    Point p;
  };
  const XY l = board.xy(last);
  const bool hasBefore = before != NO_POINT && before != PASS;
  const XY bf = hasBefore ? board.xy(before) : XY{};
  std::vector<Key> keys;
  keys.reserve(board.emptyPoints().size());
  for (Point p : board.emptyPoints()) {
    const XY q = board.xy(p);
    const int dx = q.x - l.x, dy = q.y - l.y;
    const int bx = q.x - bf.x, by = q.y - bf.y;
    keys.push_back({std::max(std::abs(dx), std::abs(dy)), dx * dx + dy * dy,
                    hasBefore ? bx * bx + by * by : 0, p});
  }
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    if (a.cheb != b.cheb) return a.cheb < b.cheb;
    if (a.eLast != b.eLast) return a.eLast < b.eLast;
    if (a.eBefore != b.eBefore) return a.eBefore < b.eBefore;
    return a.p < b.p;
  });
  std::vector<Point> out;
  out.reserve(keys.size());
  for (const Key& k : keys) out.push_back(k.p);
  return out;
}

std::vector<std::string> selectFiles(const std::vector<std::string>& all, int every, int maxGames,
                                     int skip) {
  std::vector<std::string> files;
  const size_t step = static_cast<size_t>(std::max(1, every));
  for (size_t i = static_cast<size_t>(std::max(0, skip)); i < all.size(); i += step)
    files.push_back(all[i]);
  if (maxGames >= 0 && static_cast<size_t>(maxGames) < files.size())
    files.resize(static_cast<size_t>(maxGames));
  return files;
}

PredictReport predictGames(const std::vector<std::string>& allFiles, const PredictParams& params) {
  const std::vector<std::string> files =
      selectFiles(allFiles, params.every, params.maxGames, params.skipGames);
  { Proposer check(params, 0, 7.5); }  // unknown names fail before any thread starts
  const int threads = std::max(1, params.threads);
  std::vector<Tally> tallies(static_cast<size_t>(threads));
  std::vector<std::string> advisors(static_cast<size_t>(threads));
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (long i = 0; i < static_cast<long>(files.size()); ++i) {
    const int t = omp_get_thread_num();
    try {
      predictGame(files[static_cast<size_t>(i)], params,
                  params.cascade.seed + static_cast<uint64_t>(i), tallies[static_cast<size_t>(t)],
                  advisors[static_cast<size_t>(t)]);
    } catch (const std::exception& e) {
      tallies[static_cast<size_t>(t)].problems.push_back(files[static_cast<size_t>(i)] + ": " +
                                                         e.what());
    }
  }
  Tally all;
  for (const Tally& t : tallies) all.add(t);
  PredictReport r;
  r.ranker = params.ranker;
  r.games = all.games;
  r.positions = all.positions;
  for (const auto& a : advisors) {
    if (!a.empty()) r.advisor = a;
  }
  const double n = all.positions > 0 ? static_cast<double>(all.positions) : 1;
  for (int k = 0; k < 4; ++k) {
    r.cascade.at[k] = all.cascade[k] / n;
    r.random.at[k] = all.random[k] / n;
    r.proximity.at[k] = all.proximity[k] / n;
  }
  r.meanCandidates = all.candidates / n;
  r.levelNames = all.levelNames;
  for (size_t i = 0; i < all.levelHit.size(); ++i) {
    r.levelRecall.push_back(all.levelHit[i] / n);
    r.levelStone.push_back(all.levelStone[i] / n);
  }
  r.microsecondsPerPosition = 1e6 * all.seconds / n;
  r.problems = std::move(all.problems);
  r.adviceRequests = all.adviceRequests;
  r.adviceCacheHits = all.adviceCacheHits;
  std::sort(r.problems.begin(), r.problems.end());
  return r;
}

std::string PredictReport::toJson() const {
  // Exactly the keys of issue 6, in its order; what was run is printed by the caller.
  std::string out = "{\"positions\": " + std::to_string(positions) + ", ";
  appendRates(out, "hit_at", cascade);
  out += ", \"baselines\": {";
  appendRates(out, "random", random);
  out += ", ";
  appendRates(out, "proximity", proximity);
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "}, \"mean_candidates\": %.2f, \"microseconds_per_position\": %.1f}",
                meanCandidates, microsecondsPerPosition);
  out += buf;
  return out;
}

}  // namespace engine
