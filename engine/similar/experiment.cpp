// Experiment A (experiment.hpp): sampling, next-move sets, correlations.
#include "engine/similar/experiment.hpp"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <set>

#include "engine/board/errors.hpp"
#include "engine/board/symmetry.hpp"
#include "engine/similar/corpus.hpp"
#include "engine/similar/similar.hpp"

namespace engine {

namespace {

// A position of a range: stones as bitboards (black words, then white words).
struct Pos {
  uint32_t game = 0;
  int move = 0;
  Color toMove = Color::Black;
  uint16_t next = MOVE_NONE;
  std::vector<uint64_t> bits;
};

std::vector<uint64_t> bitsOf(const Board& b, int s) {
  const BoardSize size = b.size();
  const size_t words = (static_cast<size_t>(size.points()) + 63) / 64;
  std::vector<uint64_t> out(2 * words, 0);
  for (int y = 0; y < size.height; ++y) {
    for (int x = 0; x < size.width; ++x) {
      const Color c = b.at(x, y);
      if (!isStone(c)) continue;
      const XY q = applySymmetry(s, {x, y}, size);
      const size_t i = static_cast<size_t>(q.y) * size.width + q.x;
      out[(c == Color::White ? words : 0) + i / 64] |= uint64_t{1} << (i % 64);
    }
  }
  return out;
}

Board boardOf(const Pos& p, BoardSize size) {
  const size_t words = p.bits.size() / 2;
  std::vector<Color> colours(static_cast<size_t>(size.points()), Color::Empty);
  for (size_t i = 0; i < colours.size(); ++i) {
    if (p.bits[i / 64] >> (i % 64) & 1) colours[i] = Color::Black;
    if (p.bits[words + i / 64] >> (i % 64) & 1) colours[i] = Color::White;
  }
  Board b(size);
  b.setColors(colours);
  return b;
}

int hamming(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b) {
  int d = 0;
  for (size_t i = 0; i < a.size(); ++i) d += std::popcount(a[i] ^ b[i]);
  return d;
}

// One neighbour by Hamming distance: position, distance, symmetry t with t(x) ~ y.
struct Near {
  uint32_t pos = 0;
  int distance = 0;
  int sym = 0;
};

// The n nearest positions to x (given in every orientation), same side to move, not from
// skipGame (-1: any game).
std::vector<Near> nearestHamming(const std::vector<std::vector<uint64_t>>& xs,
                                 const std::vector<int>& syms, const std::vector<Pos>& all,
                                 Color toMove, long skipGame, size_t n) {
  std::vector<Near> cand;
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i].toMove != toMove || static_cast<long>(all[i].game) == skipGame) continue;
    Near best{static_cast<uint32_t>(i), std::numeric_limits<int>::max(), 0};
    for (size_t t = 0; t < syms.size(); ++t) {
      const int d = hamming(xs[t], all[i].bits);
      if (d < best.distance) best = {best.pos, d, syms[t]};
    }
    cand.push_back(best);
  }
  const size_t k = std::min(n, cand.size());
  std::partial_sort(cand.begin(), cand.begin() + static_cast<long>(k), cand.end(),
                    [](const Near& a, const Near& b) {
                      return a.distance != b.distance ? a.distance < b.distance : a.pos < b.pos;
                    });
  cand.resize(k);
  return cand;
}

uint16_t mapMove(uint16_t code, int sym, BoardSize size) {
  if (code == MOVE_PASS || code == MOVE_NONE) return code;
  const XY q = applySymmetry(sym, {code % size.width, code / size.width}, size);
  return static_cast<uint16_t>(q.y * size.width + q.x);
}

// An anchor: the position, its orientations, next(x) as (neighbour, move in x's frame).
struct Anchor {
  uint32_t pos = 0;
  std::vector<std::vector<uint64_t>> orient;
  std::vector<std::pair<uint32_t, uint16_t>> next;
  double meanHamming = 0;
  std::vector<InfluenceMap> maps;  // per model
};

// Smallest sum |f(t p) - g(p)| over the symmetries (as doubles: path values are large).
double minMapD(const InfluenceMap& f, const InfluenceMap& g, const std::vector<int>& syms) {
  const BoardSize size{f.width, f.height};
  double best = std::numeric_limits<double>::infinity();
  for (int t : syms) {
    double d = 0;
    for (int y = 0; y < f.height; ++y) {
      for (int x = 0; x < f.width; ++x) {
        const XY q = applySymmetry(t, {x, y}, size);
        d += std::abs(static_cast<double>(f.at(x, y)) - g.at(q.x, q.y));
      }
    }
    best = std::min(best, d);
  }
  return best;
}

Correlation correlate(const std::vector<double>& a, const std::vector<double>& b) {
  return {static_cast<long>(a.size()), spearman(a, b)};
}

}  // namespace

ExperimentReport runExperimentA(const std::vector<std::string>& files,
                                const ExperimentParams& params) {
  ExperimentReport report;
  report.models = params.models;
  int maxMove = 0;
  for (auto [a, b] : params.ranges) {
    if (a < 0 || b < a) throw InputError("bad move range");
    maxMove = std::max(maxMove, b + 1);
  }
  // Collect the positions of every range.
  std::vector<std::vector<Pos>> perGame(files.size());
  std::vector<std::string> problems(files.size());
  BoardSize size{0, 0};
#pragma omp parallel for num_threads(std::max(1, params.threads)) schedule(dynamic, 8)
  for (long g = 0; g < static_cast<long>(files.size()); ++g) {
    try {
      walkGame(files[static_cast<size_t>(g)], maxMove, [&](const GamePosition& p) {
        for (auto [a, b] : params.ranges) {
          if (p.number < a || p.number > b) continue;
          const Board& bd = p.game.board();
          perGame[static_cast<size_t>(g)].push_back({static_cast<uint32_t>(g), p.number, p.toMove,
                                                     encodeMove(bd, p.next), bitsOf(bd, 0)});
          break;
        }
      });
    } catch (const std::exception& e) {
      problems[static_cast<size_t>(g)] = files[static_cast<size_t>(g)] + ": " + e.what();
    }
  }
  for (const auto& p : problems) {
    if (!p.empty()) report.problems.push_back(p);
  }
  report.games = static_cast<long>(files.size() - report.problems.size());
  // Board size: the first game's (all the corpus is 19x19); other sizes are dropped.
  for (size_t g = 0; g < files.size() && size.width == 0; ++g) {
    if (!perGame[g].empty()) size = loadPosition(files[g], 0).game.board().size();
  }
  if (size.width == 0) throw InputError("no position in the given ranges");
  const size_t words2 = 2 * ((static_cast<size_t>(size.points()) + 63) / 64);
  const std::vector<int> syms = symmetriesOf(size);
  std::mt19937_64 rng(params.seed);
  for (auto range : params.ranges) {
    RangeResult rr;
    rr.range = range;
    std::vector<Pos> all;
    for (auto& game : perGame) {
      for (auto& p : game) {
        if (p.move >= range.first && p.move <= range.second && p.bits.size() == words2)
          all.push_back(p);
      }
    }
    rr.positions = static_cast<long>(all.size());
    if (all.size() < 3) {
      report.ranges.push_back(rr);
      continue;
    }
    // Random anchors, each with its nearest position from another game.
    std::vector<uint32_t> chosen;
    std::uniform_int_distribution<size_t> pick(0, all.size() - 1);
    for (int i = 0; i < params.anchors; ++i) chosen.push_back(static_cast<uint32_t>(pick(rng)));
    std::vector<uint32_t> partners(chosen.size());
#pragma omp parallel for num_threads(std::max(1, params.threads)) schedule(dynamic, 1)
    for (long i = 0; i < static_cast<long>(chosen.size()); ++i) {
      const Pos& x = all[chosen[static_cast<size_t>(i)]];
      const Board b = boardOf(x, size);
      std::vector<std::vector<uint64_t>> xs;
      for (int s : syms) xs.push_back(bitsOf(b, s));
      const auto nb = nearestHamming(xs, syms, all, x.toMove, x.game, 1);
      partners[static_cast<size_t>(i)] = nb.empty() ? chosen[static_cast<size_t>(i)] : nb[0].pos;
    }
    chosen.insert(chosen.end(), partners.begin(), partners.end());
    std::sort(chosen.begin(), chosen.end());
    chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
    // next(x) and the model maps of every anchor.
    std::vector<Anchor> anchors(chosen.size());
#pragma omp parallel for num_threads(std::max(1, params.threads)) schedule(dynamic, 1)
    for (long i = 0; i < static_cast<long>(chosen.size()); ++i) {
      Anchor& an = anchors[static_cast<size_t>(i)];
      an.pos = chosen[static_cast<size_t>(i)];
      const Pos& x = all[an.pos];
      const Board b = boardOf(x, size);
      for (int s : syms) an.orient.push_back(bitsOf(b, s));
      const auto nb = nearestHamming(an.orient, syms, all, x.toMove, -1,
                                     static_cast<size_t>(params.neighbours));
      for (const Near& n : nb) {
        an.next.push_back({n.pos, mapMove(all[n.pos].next, invertSymmetry(n.sym), size)});
        an.meanHamming += n.distance;
      }
      if (!nb.empty()) an.meanHamming /= static_cast<double>(nb.size());
      for (Model m : params.models) an.maps.push_back(computeModel(m, b));
    }
    // Pairs of anchors with the same side to move.
    const size_t nm = params.models.size();
    std::vector<std::vector<double>> prior(nm);
    std::vector<double> posterior;
    for (size_t i = 0; i < anchors.size(); ++i) {
      std::set<uint16_t> distinct;
      for (auto& [p, mv] : anchors[i].next) distinct.insert(mv);
      rr.meanNextSize += static_cast<double>(distinct.size()) / static_cast<double>(anchors.size());
      rr.meanHamming += anchors[i].meanHamming / static_cast<double>(anchors.size());
      for (size_t j = i + 1; j < anchors.size(); ++j) {
        const Anchor &x = anchors[i], &y = anchors[j];
        if (all[x.pos].toMove != all[y.pos].toMove) continue;
        // t with t(x) ~ y: next(y) comes back into x's frame by t^-1.
        int bestT = syms[0], bestD = std::numeric_limits<int>::max();
        for (size_t t = 0; t < syms.size(); ++t) {
          const int d = hamming(x.orient[t], all[y.pos].bits);
          if (d < bestD) {
            bestD = d;
            bestT = syms[t];
          }
        }
        std::set<uint32_t> inX, inY;
        for (auto& [p, mv] : x.next) inX.insert(p);
        for (auto& [p, mv] : y.next) inY.insert(p);
        std::vector<uint16_t> a, b;
        for (auto& [p, mv] : x.next) {
          if (!inY.count(p) && p != y.pos) a.push_back(mv);
        }
        for (auto& [p, mv] : y.next) {
          if (!inX.count(p) && p != x.pos) b.push_back(mapMove(mv, invertSymmetry(bestT), size));
        }
        if (a.empty() || b.empty()) continue;
        posterior.push_back(posterioriDistance(a, b));
        for (size_t m = 0; m < nm; ++m) {
          const double D = minMapD(x.maps[m], y.maps[m], syms);
          prior[m].push_back(std::tanh(modelScale(params.models[m]) * D / 2.0));
        }
      }
    }
    rr.pairs = static_cast<long>(posterior.size());
    for (double v : posterior)
      rr.meanPosterior += v / static_cast<double>(std::max<size_t>(1, posterior.size()));
    for (size_t m = 0; m < nm; ++m) {
      rr.all.push_back(correlate(prior[m], posterior));
      // Terciles of this model's own distance: low, medium, high.
      std::vector<double> sorted = prior[m];
      std::sort(sorted.begin(), sorted.end());
      std::vector<Correlation> bands;
      for (int band = 0; band < 3; ++band) {
        const double lo =
            sorted.empty() ? 0 : sorted[sorted.size() * static_cast<size_t>(band) / 3];
        const double hi =
            sorted.empty() ? 0
                           : sorted[std::min(sorted.size() - 1,
                                             sorted.size() * (static_cast<size_t>(band) + 1) / 3)];
        std::vector<double> pa, pb;
        for (size_t i = 0; i < prior[m].size(); ++i) {
          const bool in = prior[m][i] >= lo && (band == 2 ? true : prior[m][i] < hi);
          if (in) {
            pa.push_back(prior[m][i]);
            pb.push_back(posterior[i]);
          }
        }
        bands.push_back(correlate(pa, pb));
      }
      rr.bands.push_back(bands);
    }
    report.ranges.push_back(rr);
  }
  return report;
}

}  // namespace engine
