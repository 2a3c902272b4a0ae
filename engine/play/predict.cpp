// this code uses the idea of fractal go by Serge Boisse
#include "engine/play/predict.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>

#include "engine/board/errors.hpp"
#include "engine/sgf/record.hpp"

namespace engine {

namespace {

struct Tally {
  long games = 0, positions = 0;
  double cascade[4] = {0, 0, 0, 0}, random[4] = {0, 0, 0, 0}, proximity[4] = {0, 0, 0, 0};
  double candidates = 0, seconds = 0;
  std::vector<std::string> problems;

  void add(const Tally& o) {
    games += o.games;
    positions += o.positions;
    for (int k = 0; k < 4; ++k) {
      cascade[k] += o.cascade[k];
      random[k] += o.random[k];
      proximity[k] += o.proximity[k];
    }
    candidates += o.candidates;
    seconds += o.seconds;
    problems.insert(problems.end(), o.problems.begin(), o.problems.end());
  }
};

// Rank of `move` in `list` (SIZE_MAX when absent).
size_t rankOf(const std::vector<Point>& list, Point move) {
  const auto it = std::find(list.begin(), list.end(), move);
  return it == list.end() ? SIZE_MAX : static_cast<size_t>(it - list.begin());
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
  CascadeParams cp = params.cascade;
  cp.seed = seed;
  if (rec.komi && *rec.komi != 0) cp.komi = *rec.komi;
  Cascade cascade(cp);
  Point last = NO_POINT, before = NO_POINT;
  ++t.games;
  for (const RecordMove& m : rec.moves) {
    if (!m.isMove()) continue;
    const Point next = m.at ? game.board().point(*m.at) : PASS;
    if (last != NO_POINT && last != PASS) {
      const Board& b = game.board();
      const auto start = std::chrono::steady_clock::now();
      CascadeResult r = cascade.run(b, m.color);
      if (static_cast<int>(r.candidates.size()) > params.top)
        r.candidates.resize(static_cast<size_t>(params.top));
      t.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (advisorName.empty()) advisorName = r.advisor;
      const auto prox = proximityOrder(b, last, before);
      const size_t rc = next == PASS ? SIZE_MAX : rankOf(r.candidates, next);
      const size_t rp = next == PASS ? SIZE_MAX : rankOf(prox, next);
      const double empties = static_cast<double>(b.emptyPoints().size());
      for (int k = 0; k < 4; ++k) {
        const size_t K = static_cast<size_t>(PREDICT_KS[k]);
        if (rc < K) t.cascade[k] += 1;
        if (rp < K) t.proximity[k] += 1;
        if (next != PASS && empties > 0) t.random[k] += std::min<double>(K, empties) / empties;
      }
      t.candidates += static_cast<double>(r.candidates.size());
      ++t.positions;
    }
    if (game.play(next, m.color) != MoveError::None) {
      t.problems.push_back(file + ": illegal move " + std::to_string(game.moves().size() + 1) +
                           ", rest of the game skipped");
      return;
    }
    before = last;
    last = next;
  }
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

std::vector<std::string> listSgfFiles(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError("no such directory: " + dir);
  std::vector<std::string> files;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (it->is_regular_file() && it->path().extension() == ".sgf")
      files.push_back(it->path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

PredictReport predictGames(const std::vector<std::string>& allFiles, const PredictParams& params) {
  std::vector<std::string> files = allFiles;
  if (params.maxGames >= 0 && static_cast<size_t>(params.maxGames) < files.size()) {
    files.resize(static_cast<size_t>(params.maxGames));
  }
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
  r.microsecondsPerPosition = 1e6 * all.seconds / n;
  r.problems = std::move(all.problems);
  std::sort(r.problems.begin(), r.problems.end());
  return r;
}

std::string PredictReport::toJson(const PredictParams& params) const {
  std::string out = "{\"games\": " + std::to_string(games) +
                    ", \"positions\": " + std::to_string(positions) + ", \"schedule\": \"" +
                    params.cascade.schedule + "\", \"reducer\": \"" + params.cascade.reducer +
                    "\", \"advisor\": \"" + advisor + "\", ";
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
