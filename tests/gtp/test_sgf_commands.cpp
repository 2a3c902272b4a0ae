// loadsgf and printsgf of the GTP engine.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

#include "engine/sgf/sgf.hpp"
#include "gtp_test_util.hpp"

using namespace engine;
using gtptest::ask;
using gtptest::makeEngine;

namespace {

std::string tempPath(const std::string& name) {
  return std::string(FGO_BINARY_DIR) + "/test_gtp_" + name;
}

}  // namespace

TEST_CASE("loadsgf sets size, komi, position and side to move; move_number stops early") {
  const std::string path = tempPath("load.sgf");
  writeFileBytes(path, "(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[cc];B[gg];W[])");
  auto e = makeEngine();
  CHECK(ask(*e, "loadsgf " + path) == "");
  CHECK(e->game().board().size() == BoardSize{9, 9});
  CHECK(e->game().rules().komi == 5.5);
  CHECK(e->game().moves().size() == 4);
  CHECK(e->game().toMove() == Color::Black);
  CHECK(ask(*e, "final_status_list alive") == "C7\nE5\nG3");
  CHECK(ask(*e, "undo") == "");                    // the history is loaded too
  CHECK(ask(*e, "loadsgf " + path + " 3") == "");  // the position before move 3
  CHECK(e->game().moves().size() == 2);
  CHECK(e->game().toMove() == Color::Black);
  CHECK(ask(*e, "loadsgf " + path + " 0") == "?syntax error");
  CHECK(ask(*e, "loadsgf " + tempPath("missing.sgf")) == "?cannot load file");
  writeFileBytes(path, "(;SZ[9];B[ee");  // truncated
  CHECK(ask(*e, "loadsgf " + path) == "?cannot load file");
  CHECK(e->game().moves().size() == 2);  // a failed load changes nothing
  CHECK(ask(*e, "loadsgf") == "?syntax error");
  std::remove(path.c_str());
}

TEST_CASE("printsgf writes the game; handicap moves become HA and AB") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 9") == "");
  CHECK(ask(*e, "komi 0.5") == "");
  CHECK(ask(*e, "play b c3") == "");
  CHECK(ask(*e, "play b g7") == "");
  CHECK(ask(*e, "play w e5") == "");
  CHECK(ask(*e, "play b pass") == "");
  const std::string sgf = ask(*e, "printsgf");
  INFO(sgf);
  CHECK(sgf.find("HA[2]") != std::string::npos);
  CHECK(sgf.find("AB[") != std::string::npos);
  CHECK(sgf.find("PL[W]") != std::string::npos);
  CHECK(sgf.find(";W[ee]") != std::string::npos);
  CHECK(sgf.find(";B[gc]") == std::string::npos);  // not a move any more
  const std::string path = tempPath("print.sgf");
  CHECK(ask(*e, "printsgf " + path) == "");
  auto f = makeEngine();
  CHECK(ask(*f, "loadsgf " + path) == "");
  CHECK(f->game().board().hash() == e->game().board().hash());
  CHECK(f->game().rules().komi == 0.5);
  CHECK(f->handicapStones().size() == 2);
  CHECK(f->game().toMove() == Color::White);
  CHECK(f->game().moves().size() == 2);  // W E5, B pass
  std::remove(path.c_str());
  CHECK(ask(*f, "fixed_handicap 4") == "?board not empty");
  CHECK(ask(*f, "clear_board") == "");
  CHECK(ask(*f, "fixed_handicap 4") != "");
  CHECK(ask(*f, "printsgf").find("HA[4]") != std::string::npos);
  CHECK(ask(*f, "boardsize 53") == "");
  CHECK(ask(*f, "printsgf").rfind("?", 0) == 0);  // SGF holds boards up to 52
}
