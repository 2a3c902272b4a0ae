// The scoring and analysis commands of the GTP engine: final_score, final_status_list,
// gogui-analyze_commands and the analysis commands it lists. Registered by
// GoEngine::registerEvalCommands().
#include <algorithm>
#include <string>
#include <vector>

#include "engine/board/score.hpp"
#include "engine/gtp/go_engine.hpp"

namespace engine {

void GoEngine::registerEvalCommands() {
  server_.add("final_score", [this](const GtpArgs& a) { return cmdFinalScore(a); });
  server_.add("final_status_list", [this](const GtpArgs& a) { return cmdFinalStatusList(a); });
  server_.add("gogui-analyze_commands", [this](const GtpArgs& a) { return cmdAnalyzeCommands(a); });
  server_.add("fgo-area_owner", [this](const GtpArgs& a) { return cmdAreaOwner(a); });
}

std::string GoEngine::cmdFinalScore(const GtpArgs& a) {
  a.expectCount(0);
  // No dead-stone estimator yet: the board is counted as it stands (Tromp-Taylor).
  return scoreGame(game_).result();
}

std::string GoEngine::cmdFinalStatusList(const GtpArgs& a) {
  a.expectCount(1);
  const std::string status = a.at(0);
  if (status == "dead" || status == "seki") return "";  // nothing is judged dead yet
  if (status != "alive") throw GtpError("syntax error");
  // Every stone, one chain per line.
  const Board& b = game_.board();
  std::vector<uint8_t> done(b.arraySize(), 0);
  std::string out;
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Point p = b.point(x, y);
      if (!isStone(b.at(p)) || done[b.chainHead(p)]) continue;
      done[b.chainHead(p)] = 1;
      std::vector<Point> chain;
      Point q = p;
      do {
        chain.push_back(q);
        q = b.nextInChain(q);
      } while (q != p);
      std::sort(chain.begin(), chain.end());
      out += pointsText(chain) + "\n";
    }
  }
  return out;
}

std::string GoEngine::cmdAnalyzeCommands(const GtpArgs& a) {
  a.expectCount(0);
  // GoGui's "type/label/command" lines; only commands that exist here.
  return "gfx/Area owner (Tromp-Taylor, board as it stands)/fgo-area_owner\n"
         "string/Final score (board as it stands)/final_score\n"
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
