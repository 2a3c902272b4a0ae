// Data extraction and MM training (train.hpp).
#include "engine/prior/train.hpp"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <filesystem>
#include <memory>

#include "engine/board/errors.hpp"
#include "engine/prior/corpus_walk.hpp"
#include "engine/sgf/sgf.hpp"

namespace prior {
namespace {

// Packs a team's feature values into 64 bits (bit widths from the model's group sizes).
struct Packer {
  std::array<int, NUM_GROUPS> shift{}, width{};
  explicit Packer(const Model& m) {
    int at = 0;
    for (int g = 0; g < NUM_GROUPS; ++g) {
      width[g] = std::bit_width(m.groupSize(g));
      shift[g] = at;
      at += width[g];
    }
    if (at > 64) throw engine::InputError("feature values do not fit in 64 bits");
  }
  uint64_t pack(const MoveFeatures& f) const {
    uint64_t k = 0;
    for (int g = 0; g < NUM_GROUPS; ++g) k |= static_cast<uint64_t>(f.value[g]) << shift[g];
    return k;
  }
  uint32_t value(uint64_t key, int g) const {
    return width[g] == 0 ? 0
                         : static_cast<uint32_t>(key >> shift[g] & ((uint64_t{1} << width[g]) - 1));
  }
};

// Competitions in packed form: position j owns entries begin[j] .. begin[j+1]-1.
struct Dataset {
  std::vector<uint64_t> keys;
  std::vector<uint32_t> counts;
  std::vector<uint64_t> begin{0};
  std::vector<uint64_t> winner;  // absolute entry index
  size_t positions() const { return winner.size(); }
  // Appends one position's candidate teams (deduplicated) with the played one.
  void add(std::vector<uint64_t>& teamKeys, uint64_t playedKey) {
    std::sort(teamKeys.begin(), teamKeys.end());
    for (size_t i = 0; i < teamKeys.size();) {
      size_t j = i;
      while (j < teamKeys.size() && teamKeys[j] == teamKeys[i]) ++j;
      if (teamKeys[i] == playedKey) winner.push_back(keys.size());
      keys.push_back(teamKeys[i]);
      counts.push_back(static_cast<uint32_t>(j - i));
      i = j;
    }
    begin.push_back(keys.size());
  }
  void append(const Dataset& o) {
    const uint64_t base = keys.size();
    keys.insert(keys.end(), o.keys.begin(), o.keys.end());
    counts.insert(counts.end(), o.counts.begin(), o.counts.end());
    for (size_t j = 1; j < o.begin.size(); ++j) begin.push_back(base + o.begin[j]);
    for (uint64_t w : o.winner) winner.push_back(base + w);
  }
};

constexpr int CHUNKS = 32;

double strengthOf(const Model& m, const Packer& pk, uint64_t key) {
  double s = 1.0;
  for (int g = 0; g < NUM_GROUPS; ++g) {
    const uint32_t v = pk.value(key, g);
    if (v != 0) s *= m.gamma(g, v);
  }
  return s;
}

// One pass over the data: the mean log-likelihood, and when g >= 0 the C_i sums of
// group g (see train.hpp), combined over chunks in a fixed order.
double mmPass(const Model& m, const Packer& pk, const Dataset& d, int g, int threads,
              std::vector<double>& c) {
  const size_t n = d.positions();
  const uint32_t size = g >= 0 ? m.groupSize(g) : 0;
  std::vector<std::vector<double>> acc(CHUNKS);
  std::vector<double> ll(CHUNKS, 0.0);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (int ch = 0; ch < CHUNKS; ++ch) {
    std::vector<double>& a = acc[ch];
    a.assign(size, 0.0);
    std::vector<double> buf;
    const size_t lo = n * ch / CHUNKS, hi = n * (ch + 1) / CHUNKS;
    for (size_t j = lo; j < hi; ++j) {
      const uint64_t b = d.begin[j], e = d.begin[j + 1];
      buf.resize(e - b);
      double total = 0;
      for (uint64_t k = b; k < e; ++k) {
        buf[k - b] = strengthOf(m, pk, d.keys[k]);
        total += d.counts[k] * buf[k - b];
      }
      ll[ch] += std::log(buf[d.winner[j] - b] / total);
      if (g < 0) continue;
      for (uint64_t k = b; k < e; ++k) {
        const uint32_t v = pk.value(d.keys[k], g);
        if (v != 0) a[v - 1] += d.counts[k] * buf[k - b] / m.gamma(g, v) / total;
      }
    }
  }
  c.assign(size, 0.0);
  double sum = 0;
  for (int ch = 0; ch < CHUNKS; ++ch) {
    sum += ll[ch];
    for (uint32_t i = 0; i < size; ++i) c[i] += acc[ch][i];
  }
  return n == 0 ? 0.0 : sum / static_cast<double>(n);
}

std::vector<double> runMMPacked(Model& m, const Packer& pk, const Dataset& d,
                                const TrainOptions& opt) {
  // Wins per feature value.
  std::vector<std::vector<double>> wins(NUM_GROUPS);
  for (int g = 0; g < NUM_GROUPS; ++g) wins[g].assign(m.groupSize(g), 0.0);
  for (uint64_t w : d.winner) {
    for (int g = 0; g < NUM_GROUPS; ++g) {
      const uint32_t v = pk.value(d.keys[w], g);
      if (v != 0) wins[g][v - 1] += 1;
    }
  }
  const int threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
  std::vector<double> history, c;
  double before = mmPass(m, pk, d, -1, threads, c);
  for (int cycle = 0; cycle < opt.maxCycles; ++cycle) {
    for (int g = 0; g < NUM_GROUPS; ++g) {
      if (m.groupSize(g) == 0) continue;
      mmPass(m, pk, d, g, threads, c);
      for (uint32_t i = 0; i < m.groupSize(g); ++i) {
        const double gamma = m.gamma(g, i + 1);
        m.setGamma(g, i + 1, static_cast<float>((wins[g][i] + 1) / (c[i] + 2 / (gamma + 1))));
      }
    }
    const double after = mmPass(m, pk, d, -1, threads, c);
    history.push_back(after);
    if (opt.log) {
      opt.log("MM cycle " + std::to_string(cycle + 1) + ": mean log-likelihood " +
              std::to_string(after));
    }
    if (after - before < opt.tolerance) break;
    before = after;
  }
  return history;
}

// Features of every position of one game, packed.
Dataset extractGame(const std::string& file, const Model& m, const Packer& pk, FeatureContext& ctx,
                    size_t& candidates) {
  Dataset d;
  std::vector<Point> cands;
  std::vector<uint64_t> keys;
  const SpatialDictionary* dict = m.spatial().size() ? &m.spatial() : nullptr;
  walkPositions(file, [&](const PositionView& pos) {
    ctx.reset(pos.board, pos.toMove, pos.last, pos.beforeLast, dict);
    ctx.candidates(cands);
    if (std::find(cands.begin(), cands.end(), pos.played) == cands.end()) return;
    keys.clear();
    uint64_t played = 0;
    for (Point p : cands) {
      keys.push_back(pk.pack(ctx.features(p)));
      if (p == pos.played) played = keys.back();
    }
    candidates += cands.size();
    d.add(keys, played);
  });
  return d;
}

SpatialDictionary harvestSpatial(const std::vector<std::string>& files, const TrainOptions& opt,
                                 int threads) {
  std::vector<SpatialHarvest> parts(static_cast<size_t>(threads));
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (size_t i = 0; i < files.size(); ++i) {
    SpatialHarvest& h = parts[static_cast<size_t>(omp_get_thread_num())];
    try {
      walkPositions(files[i], [&](const PositionView& pos) {
        if (pos.played != engine::PASS) h.add(spatialHashes(pos.board, pos.played, pos.toMove));
      });
    } catch (const std::exception&) {
      // Counted as skipped by the feature pass.
    }
  }
  for (size_t t = 1; t < parts.size(); ++t) {
    parts[0].merge(parts[t]);
    parts[t] = {};
  }
  return SpatialDictionary(parts[0].frequent(opt.spatialMinCount, opt.spatialMaxEntries));
}

}  // namespace

CorpusSplit splitCorpus(const std::string& dir, double holdoutFraction) {
  if (!(holdoutFraction >= 0 && holdoutFraction < 1)) {
    throw engine::InputError("hold-out fraction must be in [0, 1), got " +
                             std::to_string(holdoutFraction));
  }
  if (!std::filesystem::is_directory(dir)) {
    throw engine::InputError("games folder " + dir + " does not exist or is not a folder");
  }
  std::vector<std::string> files = engine::listSgfFiles(dir);
  std::sort(files.begin(), files.end());
  if (files.empty()) throw engine::InputError("games folder " + dir + " holds no .sgf files");
  const size_t held =
      static_cast<size_t>(std::ceil(holdoutFraction * static_cast<double>(files.size())));
  CorpusSplit s;
  s.train.assign(files.begin(), files.end() - static_cast<std::ptrdiff_t>(held));
  s.heldOut.assign(files.end() - static_cast<std::ptrdiff_t>(held), files.end());
  return s;
}

Model train(const std::vector<std::string>& files, const TrainOptions& opt, TrainReport* report) {
  const int threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
  Model m;
  if (opt.spatial) {
    m.setSpatial(harvestSpatial(files, opt, threads));
    if (opt.log) opt.log("spatial dictionary: " + std::to_string(m.spatial().size()) + " patterns");
  }
  if (opt.start != nullptr) {
    const auto& a = opt.start->spatial().entries();
    const auto& b = m.spatial().entries();
    const bool same = a.size() == b.size() &&
                      std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
                        return x.hash == y.hash && x.size == y.size;
                      });
    if (!same) {
      throw engine::InputError("the starting model's spatial dictionary (" +
                               std::to_string(a.size()) + " patterns) differs from the one " +
                               "harvested from these games (" + std::to_string(b.size()) + ")");
    }
    m = *opt.start;
  }
  const Packer pk(m);
  std::vector<Dataset> parts(files.size());
  std::vector<size_t> cands(files.size(), 0);
  std::vector<char> failed(files.size(), 0);
#pragma omp parallel num_threads(threads)
  {
    FeatureContext ctx;
#pragma omp for schedule(dynamic, 1)
    for (size_t i = 0; i < files.size(); ++i) {
      try {
        parts[i] = extractGame(files[i], m, pk, ctx, cands[i]);
      } catch (const std::exception&) {
        failed[i] = 1;
      }
    }
  }
  Dataset d;
  TrainReport r;
  for (size_t i = 0; i < files.size(); ++i) {
    d.append(parts[i]);
    parts[i] = {};
    r.candidates += cands[i];
    r.skipped += static_cast<size_t>(failed[i]);
  }
  r.games = files.size() - r.skipped;
  r.positions = d.positions();
  r.entries = d.keys.size();
  if (opt.log) {
    opt.log("training data: " + std::to_string(r.games) + " games, " + std::to_string(r.positions) +
            " positions, " + std::to_string(r.entries) + " distinct teams");
  }
  r.logLikelihood = runMMPacked(m, pk, d, opt);
  r.cycles = static_cast<int>(r.logLikelihood.size());
  if (report) *report = r;
  return m;
}

std::vector<double> runMM(Model& model, const std::vector<Competition>& data,
                          const TrainOptions& options) {
  const Packer pk(model);
  Dataset d;
  std::vector<uint64_t> keys;
  for (const Competition& c : data) {
    if (c.teams.size() != c.counts.size() || c.winner >= c.teams.size()) {
      throw engine::InputError("competition with mismatched teams, counts or winner");
    }
    keys.clear();
    for (size_t i = 0; i < c.teams.size(); ++i) {
      for (uint32_t k = 0; k < c.counts[i]; ++k) keys.push_back(pk.pack(c.teams[i]));
    }
    d.add(keys, pk.pack(c.teams[c.winner]));
  }
  return runMMPacked(model, pk, d, options);
}

}  // namespace prior
