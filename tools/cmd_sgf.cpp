// fgo sgf: read and replay a folder of SGF games (odd records, throughput), and convert
// between SGF and the plain game format (engine/sgf).
#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>

#include "engine/sgf/plain.hpp"
#include "engine/sgf/record.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Process CPU time in seconds (robust to a loaded machine, unlike wall time).
double cpuSeconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

std::string jsonString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      (out += '\\') += c;
    } else if (u < 0x20) {
      static const char* hex = "0123456789abcdef";
      out += "\\u00";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

struct OddRecord {
  std::string file;
  int game;  // 1-based game number in the file
  std::vector<engine::ReplayWarning> warnings;
  std::string error;  // non-empty when the file or game could not be read
};

struct Totals {
  int files = 0, games = 0, moves = 0, complete = 0;
  size_t bytes = 0;
  double parseSeconds = 0, replaySeconds = 0;  // wall time
  double parseCpu = 0, replayCpu = 0;          // CPU time
  std::vector<OddRecord> odd;
};

std::vector<std::string> sgfFiles(const std::string& dir) {
  if (!std::filesystem::is_directory(dir))
    throw UsageError("--games: '" + dir + "' is not a folder");
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (e.is_regular_file() && ext == ".sgf") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Reads every file first (I/O is not timed), then times parsing and replay apart.
Totals readGames(const std::vector<std::string>& files) {
  Totals t;
  std::vector<std::string> contents;
  contents.reserve(files.size());
  for (const auto& f : files) contents.push_back(engine::readFileBytes(f));
  for (size_t i = 0; i < files.size(); ++i) {
    ++t.files;
    t.bytes += contents[i].size();
    std::vector<engine::SgfTree> trees;
    auto start = Clock::now();
    double cpu = cpuSeconds();
    try {
      trees = engine::parseSgf(contents[i]);
    } catch (const engine::InputError& e) {
      t.odd.push_back({files[i], 0, {}, e.what()});
    }
    t.parseSeconds += secondsSince(start);
    t.parseCpu += cpuSeconds() - cpu;
    start = Clock::now();
    cpu = cpuSeconds();
    for (size_t g = 0; g < trees.size(); ++g) {
      ++t.games;
      OddRecord odd{files[i], static_cast<int>(g) + 1, {}, ""};
      try {
        engine::GameRecord rec = engine::recordFromSgf(trees[g], &odd.warnings);
        engine::Replay r = engine::replayRecord(rec);
        t.moves += r.movesPlayed;
        t.complete += r.complete ? 1 : 0;
        odd.warnings.insert(odd.warnings.end(), r.warnings.begin(), r.warnings.end());
      } catch (const engine::InputError& e) {
        odd.error = e.what();
      }
      if (!odd.warnings.empty() || !odd.error.empty()) t.odd.push_back(std::move(odd));
    }
    t.replaySeconds += secondsSince(start);
    t.replayCpu += cpuSeconds() - cpu;
  }
  return t;
}

void printText(const Totals& t) {
  const double total = t.parseSeconds + t.replaySeconds;
  std::cout << "files " << t.files << ", games " << t.games << ", replayed completely "
            << t.complete << ", moves " << t.moves << ", bytes " << t.bytes << "\n";
  std::cout << "odd records: " << t.odd.size() << "\n";
  for (const auto& o : t.odd) {
    std::cout << "  " << o.file;
    if (o.game > 1) std::cout << " (game " << o.game << ")";
    std::cout << "\n";
    if (!o.error.empty()) std::cout << "    error: " << o.error << "\n";
    for (const auto& w : o.warnings) std::cout << "    move " << w.move << ": " << w.text << "\n";
  }
  const double cpu = t.parseCpu + t.replayCpu;
  std::cout << "wall: parse " << t.parseSeconds << " s ("
            << t.bytes / 1e6 / std::max(t.parseSeconds, 1e-9) << " MB/s), replay "
            << t.replaySeconds << " s, read+replay " << total << " s ("
            << t.games / std::max(total, 1e-9) << " games/s)\n";
  std::cout << "cpu:  parse " << t.parseCpu << " s (" << t.bytes / 1e6 / std::max(t.parseCpu, 1e-9)
            << " MB/s), replay " << t.replayCpu << " s, read+replay " << cpu << " s ("
            << t.games / std::max(cpu, 1e-9) << " games/s)\n";
}

void printJson(const Totals& t) {
  std::cout << "{\"files\": " << t.files << ", \"games\": " << t.games
            << ", \"complete\": " << t.complete << ", \"moves\": " << t.moves
            << ", \"bytes\": " << t.bytes << ", \"parse_seconds\": " << t.parseSeconds
            << ", \"replay_seconds\": " << t.replaySeconds
            << ", \"parse_cpu_seconds\": " << t.parseCpu
            << ", \"replay_cpu_seconds\": " << t.replayCpu << ", \"odd\": [";
  for (size_t i = 0; i < t.odd.size(); ++i) {
    const auto& o = t.odd[i];
    std::cout << (i ? ", " : "") << "{\"file\": " << jsonString(o.file) << ", \"game\": " << o.game
              << ", \"error\": " << jsonString(o.error) << ", \"warnings\": [";
    for (size_t k = 0; k < o.warnings.size(); ++k) {
      std::cout << (k ? ", " : "") << "{\"move\": " << o.warnings[k].move
                << ", \"text\": " << jsonString(o.warnings[k].text) << "}";
    }
    std::cout << "]}";
  }
  std::cout << "]}\n";
}

// SGF -> plain when the input is SGF, plain -> SGF otherwise (or as --out's extension says).
void convert(const std::string& in, const std::string& out) {
  const std::string bytes = engine::readFileBytes(in);
  std::vector<engine::ReplayWarning> notes;
  const engine::GameRecord rec = engine::readGameRecord(bytes, &notes);
  for (const auto& w : notes) std::cerr << "note: move " << w.move << ": " << w.text << "\n";
  const bool toPlain = !engine::looksLikeGameText(bytes);
  engine::writeFileBytes(out, toPlain ? engine::writeGameText(rec) : engine::saveSgfGame(rec));
  std::cout << "wrote " << out << " (" << (toPlain ? "plain game format" : "SGF") << ", "
            << rec.size.str() << ", " << rec.moveCount() << " moves)\n";
}

}  // namespace

int runSgf(const std::vector<std::string>& args) {
  po::options_description desc("fgo sgf options");
  std::string dir, in, out;
  desc.add_options()("games", po::value(&dir), "read and replay every .sgf file under this folder")(
      "json", "with --games: print a JSON summary")(
      "convert", po::value(&in), "convert this game file (SGF <-> plain game format)")(
      "out", po::value(&out), "with --convert: the output file");
  po::variables_map vm;
  if (!parseOptions(args, "fgo sgf --games DIR [--json] | --convert FILE --out FILE2", desc, vm)) {
    return 0;
  }
  if (vm.count("convert")) {
    if (!vm.count("out")) throw UsageError("--convert needs --out FILE2");
    convert(in, out);
    return 0;
  }
  if (!vm.count("games")) throw UsageError("give --games DIR or --convert FILE --out FILE2");
  const Totals t = readGames(sgfFiles(dir));
  if (vm.count("json")) {
    printJson(t);
  } else {
    printText(t);
  }
  return 0;
}

}  // namespace fgo
