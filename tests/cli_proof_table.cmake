# fgo tables build --solve WxH --proof, stopped two ways and resumed. Needs ${FGO}, ${DIR}.
# 1. 3x3 stopped by --max-seconds: exit status 2, no table, the checkpoint kept; the next
#    run resumes from it and writes the table (root value 9), which fgo tables verify accepts,
#    with --proof too (and refuses under other rules).
#    A root given as a diagram (--root, --to-move) gets its value for its mover.
# 2. 4x3 killed mid-run (execute_process's TIMEOUT kills the child), then restarted: it
#    resumes and writes the very bytes of an unbroken build.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
set(ARGS tables build --solve 3x3 --proof --out ${DIR}/p.fgt -q --checkpoint-seconds 0.000001)
execute_process(COMMAND ${FGO} ${ARGS} --max-seconds 0.000001 RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR EXISTS ${DIR}/p.fgt OR NOT EXISTS ${DIR}/p.fgt.state)
  message(FATAL_ERROR "stopped run: status ${rc}, table written or no checkpoint?\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "(resumed), root value 9," said)
if(NOT rc EQUAL 0 OR said EQUAL -1 OR NOT EXISTS ${DIR}/p.fgt)
  message(FATAL_ERROR "resumed run: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/p.fgt RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "verify: status ${rc}\n${out}\n${err}")
endif()
# --proof walks it and checks its values: "proof ok", root value 9, status 0.
execute_process(COMMAND ${FGO} tables verify ${DIR}/p.fgt --proof RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "proof ok: ${DIR}/p.fgt: root value 9;" said)
if(NOT rc EQUAL 0 OR said EQUAL -1)
  message(FATAL_ERROR "verify --proof: status ${rc}\n${out}\n${err}")
endif()
# A node budget below 1, and a table of another kind, are refused with an error.
execute_process(COMMAND ${FGO} tables verify ${DIR}/p.fgt --proof --search-nodes -1 RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${err}" "--search-nodes must be 1 or more" said)
if(rc EQUAL 0 OR said EQUAL -1)
  message(FATAL_ERROR "verify --proof --search-nodes -1: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables build --reduce --out ${DIR}/reduce.fgt RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
execute_process(COMMAND ${FGO} tables verify ${DIR}/reduce.fgt --proof RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${err}" "is not a solution table" said)
if(NOT rc EQUAL 1 OR said EQUAL -1)
  message(FATAL_ERROR "verify --proof on a reduction table: status ${rc}\n${out}\n${err}")
endif()
# A table of other rules than asked is refused with a clear error, status 1.
execute_process(COMMAND ${FGO} tables verify ${DIR}/p.fgt --proof --rules simple RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR err STREQUAL "")
  message(FATAL_ERROR "verify --proof --rules simple: status ${rc}\n${out}\n${err}")
endif()

# A root with a black corner stone and White to move: the value for White, the mover, is
# +9 (fgo solve --position "X../.../..." --to-move W gives -9 from Black's side).
execute_process(COMMAND ${FGO} tables build --solve 3x3 --proof --root X../.../... --to-move W
                        --out ${DIR}/root.fgt -q RESULT_VARIABLE rc OUTPUT_VARIABLE out
                        ERROR_VARIABLE err)
string(FIND "${out}" "root value 9," said)
if(NOT rc EQUAL 0 OR said EQUAL -1)
  message(FATAL_ERROR "--root: status ${rc}\n${out}\n${err}")
endif()

# A small solver table makes the 4x3 build take a few seconds (5.4 s on the 2-core machine,
# the other core busy; 0.9 s with --tt-log2 14 since the walk goes centre first).
set(BIG tables build --solve 4x3 --proof --tt-log2 13 -q --checkpoint-seconds 0.05)
execute_process(COMMAND ${FGO} ${BIG} --out ${DIR}/whole.fgt RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "unbroken 4x3 build: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} ${BIG} --out ${DIR}/k.fgt TIMEOUT 1 RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR EXISTS ${DIR}/k.fgt OR NOT EXISTS ${DIR}/k.fgt.state)
  message(FATAL_ERROR "killed 4x3 build: status '${rc}', finished within 1 s or no checkpoint?\n"
                      "${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} ${BIG} --out ${DIR}/k.fgt RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
string(FIND "${out}" "(resumed), root value 4," said)
if(NOT rc EQUAL 0 OR said EQUAL -1)
  message(FATAL_ERROR "restarted 4x3 build: status ${rc}\n${out}\n${err}")
endif()
file(SHA256 ${DIR}/whole.fgt whole)
file(SHA256 ${DIR}/k.fgt restarted)
if(NOT whole STREQUAL restarted)
  message(FATAL_ERROR "the restarted 4x3 build wrote other bytes than the unbroken one")
endif()
message(STATUS "killed after 1 s: ${rc}; restarted: ${out}")
file(REMOVE_RECURSE ${DIR})
