# fgo tables build --solve WxH --rules simple-forced: the complete table by retrograde
# analysis. Needs ${FGO}, ${DIR}. 3x3's table is written and read back by fgo tables
# verify and by fgo solve --table (the empty board: 9, from the table); the options of the
# solving build are refused; the direct index (--lookup direct) writes the same content as
# the default on 9 points, the hash with its moves kept.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${FGO} tables build --solve 3x3 --rules simple-forced --threads 2 -q
                        --out ${DIR}/r.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "wrote .*r.fgt: [0-9]+ positions exact of [0-9]+ \\([0-9]+ left open by ko cycles\\), empty board 9," OR NOT out MATCHES "moves kept")
  message(FATAL_ERROR "build: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/r.fgt RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "verify: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} solve --size 3x3 --rules simple-forced --table ${DIR}/r.fgt --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\"value\": 9, \"exact\": true" OR NOT out MATCHES "\"source\": \"table\"")
  message(FATAL_ERROR "solve --table: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables build --solve 3x3 --rules simple-forced --max-seconds 5
                        --out ${DIR}/x.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "does not apply to a simple-forced complete table" OR EXISTS ${DIR}/x.fgt)
  message(FATAL_ERROR "--max-seconds: status ${rc}\n${out}\n${err}")
endif()
# The direct index (--lookup direct) writes the same content as the default, the hash.
execute_process(COMMAND ${FGO} tables build --solve 3x3 --rules simple-forced --lookup direct -q
                        --out ${DIR}/h.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR out MATCHES "moves kept" OR NOT out MATCHES "empty board 9,")
  message(FATAL_ERROR "build --lookup direct: status ${rc}\n${out}\n${err}")
endif()
foreach(t r h)
  execute_process(COMMAND ${FGO} tables info ${DIR}/${t}.fgt RESULT_VARIABLE rc
                  OUTPUT_VARIABLE info_${t} ERROR_VARIABLE err)
  string(REGEX MATCH "content crc64 +0x[0-9a-f]+" crc_${t} "${info_${t}}")
  if(NOT rc EQUAL 0 OR crc_${t} STREQUAL "")
    message(FATAL_ERROR "info ${t}: status ${rc}\n${info_${t}}\n${err}")
  endif()
endforeach()
if(NOT crc_r STREQUAL crc_h)
  message(FATAL_ERROR "direct and hash tables differ: ${crc_r} vs ${crc_h}")
endif()
# 3x4's empty board is left open by a ko cycle: not in the table, and fgo solve says why.
execute_process(COMMAND ${FGO} tables build --solve 3x4 --rules simple-forced -q --out ${DIR}/r34.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "empty board in \\[-?[0-9]+, -?[0-9]+\\],")
  message(FATAL_ERROR "build 3x4: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} solve --size 3x4 --rules simple-forced --table ${DIR}/r34.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "leaves out the positions a ko cycle leaves open")
  message(FATAL_ERROR "solve --table on an open position: status ${rc}\n${out}\n${err}")
endif()
# --ranked: every state ranked and written (ko states, states after a pass, open states with
# their lower bound), with only the moves that make progress; the hash analysis only, and
# complete simple-forced tables only.
execute_process(COMMAND ${FGO} tables build --solve 3x3 --rules simple-forced --ranked -q
                        --out ${DIR}/k.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "empty board 9," OR NOT out MATCHES "ranks from below \\(greatest rank [0-9]+\\), [0-9]+ states written \\([1-9][0-9]* open, with their lower bound; [1-9][0-9]* with a move that keeps the bound left out\\)")
  message(FATAL_ERROR "build --ranked: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables info ${DIR}/k.fgt RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "retrograde, ranked states: exact")
  message(FATAL_ERROR "info --ranked: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} solve --size 3x3 --rules simple-forced --table ${DIR}/k.fgt --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\"value\": 9, \"exact\": true")
  message(FATAL_ERROR "solve --table (ranked): status ${rc}\n${out}\n${err}")
endif()
# A ranked table answers any state (a ko ban, a pending pass) with a game played from it to
# the end; an open state with its bounds, its game stopping before a state would come again.
if(NOT out MATCHES "\"pv\": \\[\"B2\"[^]]*\"pass\", \"pass\"\\], \"pv_ends\": true")
  message(FATAL_ERROR "solve --table (ranked) variation: ${out}")
endif()
execute_process(COMMAND ${FGO} solve --position ".../OX./.OX" --ko A1 --rules simple-forced
                        --table ${DIR}/k.fgt --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\"value\": 9, \"exact\": true" OR NOT out MATCHES "\"source\": \"table\"")
  message(FATAL_ERROR "solve --table --ko (ranked): status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} solve --size 3x3 --to-move W --passed --rules simple-forced
                        --table ${DIR}/k.fgt --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\"value\": -9, \"exact\": true")
  message(FATAL_ERROR "solve --table --passed (ranked): status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} solve --position "OX./.OX/.X." --to-move W --rules simple-forced
                        --table ${DIR}/k.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "open \\(a ko cycle\\): value in \\[-9, 9\\]"
   OR NOT out MATCHES "then a state comes again")
  message(FATAL_ERROR "solve --table on an open state (ranked): status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} solve --position ".../OX./.OX" --ko A1 --rules simple-forced
                        --table ${DIR}/r.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "positions only")
  message(FATAL_ERROR "solve --table --ko (positions only): status ${rc}\n${out}\n${err}")
endif()
# Each side's strategy walked from the file alone against every reply (verify --strategies).
execute_process(COMMAND ${FGO} tables verify ${DIR}/k.fgt --strategies --every-listed
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "strategies ok: .*value 9 at the empty board; Black forces at least 9 \\([0-9]+ states, [1-9][0-9]* game ends, 0 at the least value, longest line [0-9]+ moves, 0 missing, 0 without a legal listed move, 0 cycles\\)")
  message(FATAL_ERROR "verify --strategies: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/r.fgt --strategies
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "does not hold every state")
  message(FATAL_ERROR "verify --strategies (positions only): status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/k.fgt --every-listed
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--every-listed and --side apply with --strategies only")
  message(FATAL_ERROR "verify --every-listed alone: status ${rc}\n${out}\n${err}")
endif()
foreach(bad "--ko;A1;--passed" "--ko;pass" "--ko;Z9" "--ko;B2")
  execute_process(COMMAND ${FGO} solve --position ".../OX./.OX" ${bad} --rules simple-forced
                          --table ${DIR}/k.fgt
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0 OR NOT err MATCHES "ko|vertex")
    message(FATAL_ERROR "solve ${bad}: status ${rc}\n${out}\n${err}")
  endif()
endforeach()
foreach(bad "--rules;simple-forced;--lookup;direct" "--rules;psk" "--rules;simple-forced;--proof")
  execute_process(COMMAND ${FGO} tables build --solve 3x3 ${bad} --ranked -q
                          --out ${DIR}/y.fgt
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "--ranked" OR EXISTS ${DIR}/y.fgt)
    message(FATAL_ERROR "--ranked with ${bad}: status ${rc}\n${out}\n${err}")
  endif()
endforeach()
# One side's strategy instead of the complete table (--strategy): walked from the file by
# verify --strategies (the side its note names), and its proof walk (--proof) read by the
# proof and superko checks.
execute_process(COMMAND ${FGO} tables build --solve 3x3 --rules simple-forced --strategy black -q
                        --out ${DIR}/s.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "the strategy of Black from the empty board, forcing 9 \\(empty board 9\\), rank [1-9][0-9]* at the root, [1-9][0-9]* states written")
  message(FATAL_ERROR "build --strategy: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/s.fgt --strategies
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "strategies ok: .*Black forces at least 9 \\([0-9]+ states, [1-9][0-9]* game ends, .*0 missing, 0 without a legal listed move, 0 cycles\\); [0-9.]+ s" OR out MATCHES "White holds")
  message(FATAL_ERROR "verify --strategies of a strategy: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/s.fgt --strategies --side white
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT out MATCHES "strategies BROKEN: .*White holds Black to at most .*[1-9][0-9]* missing")
  message(FATAL_ERROR "verify --strategies --side white of Black's strategy: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables build --solve 2x4 --rules simple-forced --strategy black --proof
                        -q --out ${DIR}/p.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "a proof walk of the strategy of Black from the empty board, forcing 8 .*[1-9][0-9]* leaves, 0 fresh starts below the whole board")
  message(FATAL_ERROR "build --strategy --proof: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/p.fgt --proof --rules simple-forced --superko
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "proof ok: .*root value 8;" OR NOT out MATCHES "superko ok: .* 0 moves repeating a board")
  message(FATAL_ERROR "verify --proof --superko of a strategy's proof walk: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables build --solve 2x5 --rules simple-forced --strategy black --proof
                        --deepening -q --out ${DIR}/d.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "a proof walk of the strategy of Black from the empty board, forcing 10 .*rank [1-9][0-9]* at the root.*visited [0-9]+ of its states .*pairs worked out")
  message(FATAL_ERROR "build --strategy --proof --deepening: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/d.fgt --proof --rules simple-forced --superko
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "proof ok: .*root value 10;" OR NOT out MATCHES "superko ok:")
  message(FATAL_ERROR "verify of a deepened proof walk: status ${rc}\n${out}\n${err}")
endif()
# Both sides' strategies from one analysis, depth first: White's beside OUT (.white).
execute_process(COMMAND ${FGO} tables build --solve 3x3 --rules simple-forced --strategy both
                        --deepening -q --out ${DIR}/both.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "both.fgt: the strategy of Black from the empty board, forcing 9 .*both.white.fgt: the strategy of White from the empty board, holding Black to 9" OR NOT EXISTS ${DIR}/both.white.fgt)
  message(FATAL_ERROR "build --strategy both --deepening: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/both.fgt --strategies
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "strategies ok: .*Black forces at least 9")
  message(FATAL_ERROR "verify --strategies of a deepened strategy: status ${rc}\n${out}\n${err}")
endif()
# Depth first with no rank budget: 3x4's empty board forces 4 (open: [4, 12]), the walk from
# the file ends every game.
execute_process(COMMAND ${FGO} tables build --solve 3x4 --rules simple-forced --strategy black
                        --depth-first -q --out ${DIR}/f.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "the strategy of Black from the empty board, forcing 4 .*visited [0-9]+ of its states .*[1-9][0-9]* positions worked out")
  message(FATAL_ERROR "build --strategy --depth-first: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/f.fgt --strategies
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "strategies ok: .*Black forces at least 4 .* 0 cycles")
  message(FATAL_ERROR "verify --strategies of a depth-first strategy: status ${rc}\n${out}\n${err}")
endif()
# The root's bound everywhere, by deepening from a first budget of 12 (its least rank is 16).
execute_process(COMMAND ${FGO} tables build --solve 3x4 --rules simple-forced --strategy black
                        --deepening --fixed-bound --first-budget 12 -q --out ${DIR}/fb.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "the strategy of Black from the empty board, forcing 4 .*rank 16 at the root")
  message(FATAL_ERROR "build --strategy --deepening --fixed-bound: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/fb.fgt --strategies
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "strategies ok: .*Black forces at least 4 .* 0 cycles")
  message(FATAL_ERROR "verify --strategies of a fixed-bound strategy: status ${rc}\n${out}\n${err}")
endif()
foreach(bad "--strategy;black;--ranked" "--strategy;grey" "--strategy;black;--rules;psk"
            "--deepening" "--depth-first" "--strategy;black;--deepening;--depth-first"
            "--fixed-bound" "--strategy;black;--fixed-bound"
            "--strategy;black;--proof;--deepening;--fixed-bound"
            "--strategy;black;--first-budget;5" "--strategy;black;--deepening;--first-budget;255"
            "--strategy;both;--proof"
            "--strategy;black;--proof;--guess;9" "--strategy;black;--proof;--rules;psk"
            "--side;black")
  execute_process(COMMAND ${FGO} tables build --solve 3x3 --rules simple-forced ${bad} -q
                          --out ${DIR}/y.fgt
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR EXISTS ${DIR}/y.fgt)
    message(FATAL_ERROR "build ${bad}: status ${rc}\n${out}\n${err}")
  endif()
endforeach()
# A proof walk needs the whole board for the side: 3x4's empty board is open ([4, 12]).
execute_process(COMMAND ${FGO} tables build --solve 3x4 --rules simple-forced --strategy black
                        --proof -q --out ${DIR}/y.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "whole board" OR EXISTS ${DIR}/y.fgt)
  message(FATAL_ERROR "build --strategy --proof on 3x4: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/k.fgt --side black
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--side apply with --strategies only")
  message(FATAL_ERROR "verify --side alone: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/s.fgt --strategies --side grey
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--side must be black or white")
  message(FATAL_ERROR "verify --side grey: status ${rc}\n${out}\n${err}")
endif()
